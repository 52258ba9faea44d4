package storage

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// r50Images: the backing files of the r50-loop-stacks capture, all on vda
// (254:0), as losetup made them on this project's machine.
var r50Images = map[string][2]uint32{
	"/var/tmp/r50img/r50a.img": {254, 0}, "/var/tmp/r50img/r50b.img": {254, 0},
	"/var/tmp/r50img/r50c.img": {254, 0}, "/var/tmp/r50img/r50d.img": {254, 0},
}

// TestStackMembers checks the chain, the members, their layout and the
// level the labels come from, on the stacks review r50 built live (xfs and
// btrfs on loop devices, a btrfs RAID1 of two loop devices on one disk)
// and on the captured LVM over four loop files and the hand-made md RAID1.
func TestStackMembers(t *testing.T) {
	tests := []struct {
		name         string
		tree         string
		major, minor uint32
		devOf        map[string][2]uint32
		wantChain    []string
		wantLeaves   []string
		wantMembers  []string
		wantLayout   string
		wantSched    string // the leaf's: loop devices say "none", vda "mq-deadline"
		wantNrReq    int
		wantMounted  bool // the mounted device's own queue/rotational
		wantMirrored bool
	}{
		{name: "xfs on a loop over vda", tree: "r50-loop-stacks", major: 7, minor: 1, devOf: r50Images,
			wantChain: []string{"loop1", "vda"}, wantLeaves: []string{"vda"}, wantSched: "mq-deadline", wantNrReq: 256, wantMounted: true},
		{name: "btrfs single on a loop: one member is no members", tree: "r50-loop-stacks", major: 7, minor: 2, devOf: r50Images,
			wantChain: []string{"loop2", "vda"}, wantLeaves: []string{"vda"}, wantSched: "mq-deadline", wantNrReq: 256, wantMounted: true},
		{name: "btrfs RAID1 of two loops on one disk: the second member is named", tree: "r50-loop-stacks", major: 7, minor: 3,
			devOf: r50Images, wantChain: []string{"loop3", "vda"}, wantLeaves: []string{"vda"},
			wantMembers: []string{"loop3", "loop4"}, wantLayout: "raid1", wantSched: "mq-deadline", wantNrReq: 256,
			wantMounted: true, wantMirrored: true},
		{name: "LVM over four loop files on one SSD", tree: "simple-lvm", major: 253, minor: 0, devOf: lvmLoops,
			wantChain: []string{"dm-0", "loop0", "sda4", "sda"}, wantLeaves: []string{"sda"},
			wantMembers: []string{"loop0", "loop1", "loop2", "loop3"}, wantSched: "cfq", wantNrReq: 128,
			wantMounted: true}, // dm-0 over rotational loop devices says rotational=1 in the capture
		{name: "md RAID1 over two HDD partitions", tree: "handmade", major: 9, minor: 0,
			wantChain: []string{"md0", "sda1", "sda"}, wantLeaves: []string{"sda", "sdb"},
			wantMembers: []string{"sda1", "sdb1"}, wantLayout: "raid1", wantSched: "bfq", wantNrReq: 0, // not in the hand-made tree
			wantMounted: true, wantMirrored: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := newResolver(context.Background(), Roots{Sys: filepath.Join("testdata", tc.tree, "sys")})
			rs.devOf = fakeDevOf(tc.devOf)
			d := rs.device(tc.major, tc.minor)
			var leaves []string
			for _, l := range d.Leaves {
				leaves = append(leaves, l.Name)
			}
			if !reflect.DeepEqual(d.Chain, tc.wantChain) || !reflect.DeepEqual(leaves, tc.wantLeaves) {
				t.Errorf("chain %v leaves %v; want %v %v", d.Chain, leaves, tc.wantChain, tc.wantLeaves)
			}
			if !reflect.DeepEqual(d.Members, tc.wantMembers) || d.MembersLayout != tc.wantLayout || d.Mirrored() != tc.wantMirrored {
				t.Errorf("members %v layout %q mirrored %v; want %v %q %v", d.Members, d.MembersLayout, d.Mirrored(),
					tc.wantMembers, tc.wantLayout, tc.wantMirrored)
			}
			if d.Scheduler != tc.wantSched || d.QueueDepthNrRequst != tc.wantNrReq {
				t.Errorf("scheduler %q nr_requests %d; want the leaf's %q %d", d.Scheduler, d.QueueDepthNrRequst, tc.wantSched, tc.wantNrReq)
			}
			if got, known := d.MountedLabel(); got != tc.wantMounted || !known {
				t.Errorf("mounted rotational %v (known %v); want %v", got, known, tc.wantMounted)
			}
			checkGap(t, rs.gaps, "")
		})
	}
}

// TestBtrfsDataProfile reads the data profile from the captured btrfs
// sysfs dirs: "raid1" for the mirrored one, "single" for the other, ""
// for a dir without allocation/.
func TestBtrfsDataProfile(t *testing.T) {
	base := filepath.Join("testdata", "r50-loop-stacks", "sys", "fs", "btrfs")
	tests := []struct{ name, dir, want string }{
		{"raid1 of loop3 and loop4", "6d01f12d-1e67-4559-a3ac-b068b88778a8", "raid1"},
		{"single on loop2", "edd20bc9-68ed-492a-9b7f-522894331fb5", "single"},
		{"no such filesystem", "00000000-0000-0000-0000-000000000000", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := btrfsDataProfile(filepath.Join(base, tc.dir)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
