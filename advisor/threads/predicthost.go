package threads

import (
	"fmt"
	"strings"
)

// PredictionOtherHost says when the profile a calibrate prediction comes
// from (--from) was taken on another host than the server calibrated runs
// on: profileHost is the profile's server's @@hostname when it read one,
// else its host.hostname; serverHost the calibrated server's @@hostname.
// "" when they match (letter case aside) or either is unknown.
func PredictionOtherHost(profileHost, serverHost string) string {
	if profileHost == "" || serverHost == "" || strings.EqualFold(profileHost, serverHost) {
		return ""
	}
	return fmt.Sprintf("taken on host %s, not on %s where this server runs, so the prediction is for that host's disk and CPUs "+
		"(probe this server's host, or drop --from to probe its datadir)", profileHost, serverHost)
}
