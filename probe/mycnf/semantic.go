package mycnf

import (
	"fmt"
	"os"
	"strings"
)

// finalOptions is the last option of each name in the base reading.
func (r *Reading) finalOptions() map[string]Option {
	m := map[string]Option{}
	for _, o := range r.Base.List {
		m[o.Name] = o
	}
	return m
}

// checkStartup adds the refusals that come from values, not syntax,
// seen on mariadbd 10.11 --help (MariaDB sql/mysqld.cc and
// sql/wsrep_sst.cc) and in MySQL's sql/mysqld.cc.
func (r *Reading) checkStartup(flavor string) {
	final := r.finalOptions()
	if o, ok := final["secure_file_priv"]; ok && o.HasValue && o.Value != "" {
		r.checkSecureFilePriv(flavor, o)
	}
	if flavor != flavorMariaDB {
		return
	}
	r.checkGalera(final)
	r.checkCollationPair(final)
	r.checkInnoDB(final)
}

// checkGalera: with wsrep_on and a provider, mariadbd 10.11 refuses to
// start without a cluster address under rsync SST, and with a
// binlog_format other than ROW (its default is MIXED).
func (r *Reading) checkGalera(final map[string]Option) {
	on, provider := final["wsrep_on"], final["wsrep_provider"]
	if !isOn(on) || provider.Value == "" || strings.EqualFold(provider.Value, "none") {
		return
	}
	addr, method := final["wsrep_cluster_address"], final["wsrep_sst_method"]
	if addr.Value == "" && (method.Value == "" || strings.EqualFold(method.Value, "rsync")) {
		r.warn(flavorMariaDB, on, true, "wsrep_on is ON with a wsrep_provider but no wsrep_cluster_address: mariadbd refuses "+
			"to start (\"rsync SST method requires wsrep_cluster_address to be configured on startup\"); set "+
			"wsrep_cluster_address = gcomm://… or turn wsrep_on off")
		return
	}
	if bf := final["binlog_format"]; !strings.EqualFold(bf.Value, "ROW") {
		got := "unset, so MIXED"
		if bf.Value != "" {
			got = bf.Value
		}
		r.warn(flavorMariaDB, on, true, fmt.Sprintf("wsrep_on is ON with a wsrep_provider but binlog_format is %s: mariadbd "+
			"refuses to start (\"Only binlog_format= 'ROW' is currently supported\"); set binlog_format = ROW", got))
	}
}

// isOn is true for an option set to a true boolean or given bare.
func isOn(o Option) bool {
	if o.Name == "" {
		return false
	}
	return !o.HasValue || boolWord(o.Value) && map[string]bool{"1": true, "on": true, "true": true}[strings.ToLower(o.Value)]
}

// checkSecureFilePriv: mariadbd takes NULL as a directory name (only
// MySQL reads it as "no import/export"), and both servers refuse to start
// when the directory does not exist ("Failed to normalize the argument for
// --secure-file-priv"; MySQL "Failed to access directory for
// --secure-file-priv"). Existence is checked on this machine.
func (r *Reading) checkSecureFilePriv(flavor string, o Option) {
	if strings.EqualFold(o.Value, "NULL") {
		if flavor == flavorMariaDB {
			r.warn(flavor, o, true, "secure_file_priv = NULL turns import/export off only in MySQL: mariadbd takes it as "+
				"a directory named NULL and refuses to start (\"Failed to normalize the argument for --secure-file-priv\"); "+
				"for MariaDB leave it unset or name an existing directory")
		}
		return
	}
	if _, err := os.Stat(o.Value); err != nil {
		r.warn(flavor, o, true, fmt.Sprintf("secure_file_priv = %s: that directory does not exist on this machine, and %s "+
			"refuses to start without it; create it (owned by mysql) or change the line", o.Value, server(flavor)))
	}
}
