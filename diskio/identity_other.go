//go:build !linux && !darwin

package diskio

import "os"

// statID is unknown on this OS: there is no test file here (ErrUnsupported).
func statID(os.FileInfo) fileID { return fileID{} }
