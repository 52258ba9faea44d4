package mycnf

import "strings"

// Masked is what a credential's value reads as in profile.MyCnf, as the
// server shows such a variable (SHOW VARIABLES: wsrep_sst_auth ********).
const Masked = "********"

// secretNames are options whose value is a credential though their name
// does not say password: Galera's SST account (user:password), MariaDB's
// file_key_management key and HashiCorp Vault token.
var secretNames = map[string]bool{
	"wsrep_sst_auth": true, "file_key_management_filekey": true, "hashicorp_key_management_token": true,
}

// passwordPlugins are plugin load options whose names end in password
// (mysql_native_password=ON): their value is no credential.
var passwordPlugins = map[string]bool{
	"mysql_native_password": true, "sha256_password": true, "caching_sha2_password": true,
	"validate_password": true, "mysql_old_password": true,
}

// isSecret reports whether option name (as Variables keys it, dashes as
// underscores) holds a credential: password itself (a [client-server]
// group is read by the server too), any *_password but the plugins
// (keyring_encrypted_file_password, master_password, report_password), a
// passphrase or secret, and secretNames. A my.cnf read with --mycnf put
// them verbatim into the profile and advice JSON (review r15).
func isSecret(name string) bool {
	n := strings.ToLower(name)
	switch {
	case secretNames[n], n == "password":
		return true
	case strings.HasSuffix(n, "_password"):
		return !passwordPlugins[n]
	}
	return strings.Contains(n, "passwd") || strings.Contains(n, "passphrase") || strings.Contains(n, "secret")
}

// shownLine is the option line t as a message may quote it: the value of a
// credential, or of a line without a name, reads Masked. The warnings
// quoted a headerless 'password=…' line of a ~/.my.cnf, or a [client]
// password glued to a '#', whole (review r15).
func shownLine(t string) string {
	name, _, has := strings.Cut(trimSpace(t), "=")
	if !has {
		return trimSpace(t)
	}
	n := strings.TrimPrefix(strings.ReplaceAll(strings.ToLower(trimSpace(name)), "-", "_"), "loose_")
	if n == "" || isSecret(n) {
		return trimSpace(name) + "=" + Masked
	}
	return trimSpace(t)
}
