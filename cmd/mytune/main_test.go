package main

import (
	"os"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestMain runs this package's tests hermetically: no test here may find
// a server the machine runs for itself (testmariadb.Hermetic).
func TestMain(m *testing.M) { os.Exit(testmariadb.Main(m)) }
