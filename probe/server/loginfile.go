package server

import (
	"crypto/aes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mytune/mytune/probe/mycnf"
)

// loginKeyLen is the key stored in a login path file after 4 unused
// bytes (mysql_config_editor.cc LOGIN_KEY_LEN); each line follows as a
// 4-byte little-endian length and that many bytes of AES-128-ECB.
const loginKeyLen = 20

// clientFiles is clientOptions, then the MySQL client's login path file
// (mysql_config_editor's ~/.mylogin.cnf, or $MYSQL_TEST_LOGIN_FILE), read
// after every other option file, --defaults-file included, so its [client]
// and [mysql] settings win, as the mysql client reads them (MySQL manual
// "Option File Processing Order"; review r18: a DBA whose password lives
// only there got "access denied (using password: NO)"). Like ~/.my.cnf it
// is read only when home is given (discovery on).
func clientFiles(defaultsFile, home string, env func(string) string) (mycnf.Options, []string, error) {
	opts, notes, err := clientOptions(defaultsFile, home)
	if err != nil || home == "" {
		return opts, notes, err
	}
	path := env("MYSQL_TEST_LOGIN_FILE")
	if path == "" {
		path = filepath.Join(home, ".mylogin.cnf")
	}
	login, note := loginFileOptions(path)
	if note != "" {
		notes = append(notes, note)
	}
	opts.Files = append(opts.Files, login.Files...)
	opts.List = append(opts.List, login.List...)
	return opts, notes, nil
}

// loginFileOptions reads the client groups of the login path file at
// path: none when there is no file; a note instead when the mysql client
// would skip it (readable by others) or it cannot be read.
func loginFileOptions(path string) (mycnf.Options, string) {
	if note, ok := quietFileNote(path); !ok {
		return mycnf.Options{}, note
	}
	st, err := os.Stat(path)
	if err == nil && st.Mode().Perm()&0o177 != 0 {
		return mycnf.Options{}, fmt.Sprintf("%s is skipped, as the mysql client skips it: its mode is %04o, and a login "+
			"path file must be readable and writable by its owner only (chmod 600 it)", path, st.Mode().Perm())
	}
	data, err := os.ReadFile(path)
	if err == nil {
		data, err = decryptLoginFile(data)
	}
	var opts mycnf.Options
	if err == nil {
		opts, err = mycnf.ParseBytes(path, data, mycnf.ClientGroups, mycnf.Config{Headerless: mycnf.HeaderlessIgnore, NoIncludes: true})
	}
	if err != nil {
		return mycnf.Options{}, fmt.Sprintf("%s is skipped: %v (rewrite it with mysql_config_editor, or give the "+
			"user and password another way)", path, err)
	}
	return opts, ""
}

// decryptLoginFile turns a login path file into the option file text it
// holds: the 16-byte AES key is the stored 20-byte key folded by XOR
// (mysys my_aes_create_key), and each line is PKCS#7-padded.
func decryptLoginFile(data []byte) ([]byte, error) {
	if len(data) < 4+loginKeyLen {
		return nil, fmt.Errorf("%d bytes, shorter than a login path file's key", len(data))
	}
	var key [16]byte
	for i, b := range data[4 : 4+loginKeyLen] {
		key[i%16] ^= b
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, err
	}
	var out []byte
	for rest := data[4+loginKeyLen:]; len(rest) > 0; {
		if len(rest) < 4 {
			return nil, errors.New("it ends inside a line's length: not a login path file")
		}
		n := int(binary.LittleEndian.Uint32(rest))
		if rest = rest[4:]; n <= 0 || n%aes.BlockSize != 0 || n > len(rest) {
			return nil, fmt.Errorf("a line of %d bytes where %d are left: not a login path file", n, len(rest))
		}
		line := make([]byte, n)
		for i := 0; i < n; i += aes.BlockSize {
			block.Decrypt(line[i:i+aes.BlockSize], rest[i:i+aes.BlockSize])
		}
		pad := int(line[n-1])
		if pad < 1 || pad > aes.BlockSize {
			return nil, errors.New("a line does not decrypt: not a login path file")
		}
		out, rest = append(out, line[:n-pad]...), rest[n:]
	}
	return out, nil
}
