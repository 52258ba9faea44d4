package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/mytune/mytune/diskio"
)

// interruptedHung is err, or for an interruption while the disk did not
// answer (diskio.HungError) an error that says its test file may be left:
// render.Error says of any other interruption that what mytune made was
// removed (review r12: with the datadir's filesystem frozen, Ctrl-C
// printed that, and the test file was there after the thaw). It is not a
// cancellation, so render prints it as it is; the exit stays 1.
func interruptedHung(err error) error {
	var he *diskio.HungError
	if !errors.Is(err, context.Canceled) || !errors.As(err, &he) {
		return err
	}
	return fmt.Errorf("interrupted: stopped before the work was done, but an operation on the disk under %s had not "+
		"returned (a frozen filesystem, a hung network mount or a failing device), so %s", he.Dir, he.LeftNote())
}
