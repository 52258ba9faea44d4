package calibrate

// procRoot is where the process table is read on Unix (alive_unix.go;
// tests point it at a captured tree). Declared for every OS so that the
// tests that set it build everywhere.
var procRoot = "/proc"
