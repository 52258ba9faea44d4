package mycnf

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadMyCnfMasksCredentials: mytune probe --mycnf F --format json put
// a [client-server] password, keyring_encrypted_file_password,
// master-password, file_key_management_filekey and wsrep_sst_auth verbatim
// into the profile (review r15: "password": "CSPw999"); they now read
// ******** as the server shows them, and settings whose names only mention
// passwords keep their values.
func TestReadMyCnfMasksCredentials(t *testing.T) {
	cnf := "[client-server]\npassword=CSPw999\n[mysqld]\ndatadir=/var/lib/mysql\n" +
		"loose-file-key-management-filekey=FILEKEYSECRET\nkeyring_encrypted_file_password=KEYRINGPW\n" +
		"master-password=MASTERPW\nreport-password=REPORTPW\nwsrep_sst_auth=sst:TopSecretSST\n" +
		"aws_key_management_secret_access_key=AWSSECRET\nssl_passphrase=PHRASE\n" +
		"default_password_lifetime=90\nmysql_native_password=ON\nvalidate_password=FORCE\n" +
		"[mysqld-8.0]\nkeyring_encrypted_file_password=VERSIONPW\n"
	path := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(path, []byte(cnf), 0o600); err != nil {
		t.Fatal(err)
	}
	mc, err := ReadMyCnf(path)
	if err != nil {
		t.Fatal(err)
	}
	const masked = "********"
	views := map[string]map[string]string{"mariadb": mc.Variables, "[mysqld-8.0]": mc.VersionGroups["mysqld-8.0"]}
	if mc.MySQL != nil {
		views["mysql"] = mc.MySQL.Variables
	}
	cases := []struct{ name, want string }{
		{"password", masked}, {"file_key_management_filekey", masked}, {"keyring_encrypted_file_password", masked},
		{"master_password", masked}, {"report_password", masked}, {"wsrep_sst_auth", masked},
		{"aws_key_management_secret_access_key", masked}, {"ssl_passphrase", masked},
		{"default_password_lifetime", "90"}, {"mysql_native_password", "ON"}, {"validate_password", "FORCE"},
		{"datadir", "/var/lib/mysql"},
	}
	for _, c := range cases {
		found := false
		for view, vars := range views {
			got, ok := vars[c.name]
			found = found || ok
			if ok && got != c.want {
				t.Errorf("%s: %s = %q, want %q", view, c.name, got, c.want)
			}
		}
		if !found {
			t.Errorf("%s is in no view, want %q", c.name, c.want)
		}
	}
	if got := mc.VersionGroups["mysqld-8.0"]["keyring_encrypted_file_password"]; got != masked {
		t.Errorf("[mysqld-8.0]: keyring_encrypted_file_password = %q, want %q", got, masked)
	}
}
