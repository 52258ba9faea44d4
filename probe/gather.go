package probe

import (
	"context"
	"errors"
	"path/filepath"
	"sync"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/mycnf"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// GatherOptions says what Gather probes and which server it reads.
type GatherOptions struct {
	Options
	// Dial is the server looked for before the probe (DialServer); the
	// zero value means no server was wanted (--no-server).
	Dial ServerDial
	// NoServer says the user asked for no server (for the wording of a
	// missing --datadir).
	NoServer bool
	// MyCnfPath is an offline my.cnf to read server settings from ("": none).
	MyCnfPath string
	// Notef writes a one-line note for the user (stderr); nil drops notes.
	Notef func(format string, args ...any)
}

// Gather probes the host and the storage and reads the server (if one
// answered) while the disk is measured: without a datadir it measures the
// server's own when that server runs on this machine; the redo sample is
// taken before the disk measurement (besideServer). Bad input is a usage error.
func Gather(ctx context.Context, o GatherOptions) (*profile.Profile, error) {
	if o.Datadir != "" {
		if _, err := CheckDir(o.Datadir); err != nil {
			return nil, usage.Wrap(err)
		}
	}
	// Read before the measurement: a bad --mycnf must not cost a probe.
	var myCnf *profile.MyCnf
	if o.MyCnfPath != "" {
		var err error
		if myCnf, err = ReadMyCnf(o.MyCnfPath); err != nil {
			return nil, err
		}
	}
	place := readPlace(ctx, o.Roots, o.Dial.Session)
	var fromServer ServerDatadir
	if o.Datadir == "" {
		var err error
		if fromServer, err = datadirFromServer(ctx, o, place); err != nil {
			return nil, err
		}
		o.Datadir = fromServer.Dir
	}
	costNote(o)
	p, srv, err := besideServer(ctx, o.Options, o.Dial)
	if err != nil {
		return nil, err
	}
	attachServer(p, srv, o.Dial, fromServer, place)
	if o.Dial.Session != nil {
		serverLimits(p, o.Roots, o.Dial.Session.Endpoint.OnThisHost(), place.NotItsPid)
	}
	if myCnf != nil {
		p.MyCnf = myCnf
	}
	onThisHost := o.Dial.Session != nil && o.Dial.Session.Endpoint.OnThisHost()
	locateRedoDir(ctx, o.Options, p, onThisHost)
	locateBinlogDir(ctx, o.Options, p, onThisHost)
	locateTmpDir(ctx, o.Options, p, onThisHost)
	locateFileDirs(ctx, o.Options, p, onThisHost)
	recordRedoLog(p)
	p.Normalize()
	return p, nil
}

// ReadMyCnf reads an offline my.cnf; a bad file is a usage error naming file:line.
func ReadMyCnf(path string) (*profile.MyCnf, error) {
	if abs, err := filepath.Abs(path); err == nil { // a saved profile is read elsewhere: "append it to io.cnf" would name another file
		path = abs
	}
	mc, err := mycnf.ReadMyCnf(path)
	if err != nil {
		return nil, inputf("--mycnf: %v", err)
	}
	mc.Placement = myCnfPlacement(path)
	return mc, nil
}

// datadirFromServer is the directory to probe when no datadir is given:
// the datadir of the server on this machine, said through Notef. Without
// a server, or with one on another machine, a datadir is required.
func datadirFromServer(ctx context.Context, o GatherOptions, place ServerPlace) (ServerDatadir, error) {
	const need = "--datadir is required"
	sess := o.Dial.Session
	if sess == nil {
		why := "no server answered to take its datadir from"
		if o.NoServer {
			why = "with --no-server there is no server to take its datadir from"
		}
		return ServerDatadir{}, inputf("%s: %s; give the directory that holds (or will hold) the MySQL data", need, why)
	}
	where := sess.Endpoint.String()
	if !sess.Endpoint.OnThisHost() {
		return ServerDatadir{}, inputf("%s: the server at %s is on another machine, so its datadir cannot be measured from here; "+
			"give a directory on this machine's disk", need, where)
	}
	dir, err := sess.Datadir(ctx)
	if fe := (*server.ForeignServerError)(nil); errors.As(err, &fe) {
		return ServerDatadir{}, err
	}
	if err != nil || dir == "" {
		return ServerDatadir{}, inputf("%s: could not learn the server's datadir (%v)", need, err)
	}
	if _, err := CheckDir(dir); err != nil {
		return ServerDatadir{}, inputf("%s: the server's datadir %s (@@datadir of %s) is not usable here: %v", need, dir, where, err)
	}
	if notTheServersHere(dir) {
		return ServerDatadir{}, notTheServersError(need, dir, where)
	}
	src := ServerDatadir{Dir: filepath.Clean(dir), Where: where, OnThisHost: true}
	if why := placeElsewhere(o.Roots, place, src); why != "" {
		return ServerDatadir{}, inputf("%s: %s; measuring %s here would measure this host's directory of that name, not the server's disk: "+
			"give --datadir with the host path of its volume, or run mytune on the database host (or in the server's container)", need, why, src.Dir)
	}
	verb := "measuring"
	if !o.Measure {
		verb = "probing"
	}
	if o.Notef != nil {
		o.Notef("no --datadir given: %s the server's datadir %s (@@datadir of %s)", verb, src.Dir, where)
	}
	return src, nil
}

// besideServer runs the probe while the session (if any) is read. The
// server's redo sample is taken before the disk is measured, and the disk
// waits for it (pendingRead.holdDisk): sampled over the measurement, it
// was what the server wrote while the probe slowed it (review r22: 176
// KiB/s on an SD-card-like bed where the same load wrote 306 KiB/s before
// and 406 after), and the redo log was sized from that.
func besideServer(ctx context.Context, o Options, dial ServerDial) (*profile.Profile, *profile.Server, error) {
	measured := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(measured) }) }
	var read *pendingRead
	if dial.Session != nil {
		read = startRead(ctx, dial.Session, measured)
		o.BeforeDisk = func(ctx context.Context) {
			release()
			read.holdDisk(ctx, server.DefaultRedoSample)
		}
	}
	p, err := Run(ctx, o)
	release()
	var srv *profile.Server
	if read != nil {
		var rerr error
		if srv, rerr = read.wait(err != nil); err == nil && rerr != nil {
			err = rerr
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return p, srv, nil
}

// attachServer puts the server block, its gap, and the note comparing the
// measured directory with the server's datadir into the profile; early is
// the server's place as read before the measurement (readPlace).
func attachServer(p *profile.Profile, srv *profile.Server, dial ServerDial, fromServer ServerDatadir, early ServerPlace) {
	if srv == nil {
		srv = dial.NotFound
	}
	if srv == nil {
		return
	}
	p.Server = srv
	if !srv.Reachable {
		p.AddGap("server", srv.Error)
		return
	}
	if fromServer.Dir != "" {
		p.Storage.Notes = append(p.Storage.Notes, FromServerNote(fromServer, p.Storage.Measured))
		return
	}
	ep := dial.Session.Endpoint
	sd := ServerDatadir{Dir: srv.Datadir, Where: ep.String(), OnThisHost: ep.OnThisHost()}
	place := ServerPlace{Hostname: srv.Variables["hostname"], PidFile: srv.Variables["pid_file"], NotItsPid: early.NotItsPid}
	if why := ServerElsewhere(p.Host.Hostname, p.Storage.Path, sd, place); why != "" {
		p.Storage.ServerElsewhere = why
		p.Host.ServerElsewhere = OnAnotherMachine(p.Host.Hostname, sd, place)
		p.Storage.Notes = append(p.Storage.Notes, ElsewhereNote(p.Storage.Path, why))
		return
	}
	note := DatadirNote(p.Storage, sd)
	if firstName(place.Hostname) != firstName(p.Host.Hostname) && firstName(p.Host.Hostname) != "" {
		// its datadir path is its own mount namespace's: the directory
		// given is its volume (ServerElsewhere found nothing against it)
		note = VolumeNote(p.Storage.Path, sd, place, p.Host.Hostname)
	}
	if note != "" {
		p.Storage.Notes = append(p.Storage.Notes, note)
	}
}

// costNote says through Notef, before anything is measured, what the
// probe costs a server running on o.Datadir (CostNote).
func costNote(o GatherOptions) {
	if o.Notef == nil {
		return
	}
	dir, err := CheckDir(o.Datadir)
	if err != nil {
		return
	}
	if note := CostNote(dir, o.Options); note != "" {
		o.Notef("%s", note)
	}
}
