package profile

// classWords are the ways a storage class is written for people: short
// in an evidence line ("treated as HDD"), noun as a report's headline
// ("Spinning disk (HDD): a commit takes …"), phrase inside a sentence,
// with its article ("/var/lib/mysql is on a hard disk").
var classWords = map[string]struct{ short, noun, phrase string }{
	ClassNVMe:    {"NVMe", "NVMe SSD", "NVMe flash"},
	ClassSSD:     {"SSD", "SSD", "an SSD"},
	ClassHDD:     {"HDD", "spinning disk (HDD)", "a hard disk"},
	ClassSDCard:  {"SD card", "SD card or USB flash", "an SD card"},
	ClassNetwork: {ClassNetwork, "network storage", "network storage"},
	ClassMemory:  {ClassMemory, "memory-backed storage (tmpfs/ram disk)", "memory (tmpfs/ramdisk)"},
	ClassUnknown: {ClassUnknown, "storage of unknown kind", "storage of unknown class"},
}

// ClassShort is a storage class's short name for an evidence line
// ("SSD", "NVMe", "HDD", "SD card"); a class it does not know, as it is.
func ClassShort(class string) string {
	if w, ok := classWords[class]; ok {
		return w.short
	}
	return class
}

// ClassNoun is a storage class named on its own, as a headline
// ("spinning disk (HDD)", "SD card or USB flash"); "" is the unknown
// class, and a class it does not know stays as it is.
func ClassNoun(class string) string {
	if class == "" {
		class = ClassUnknown
	}
	if w, ok := classWords[class]; ok {
		return w.noun
	}
	return class
}

// ClassPhrase is a storage class inside a sentence, with its article
// ("an SSD", "a hard disk"); any class it does not know is "storage of
// unknown class".
func ClassPhrase(class string) string {
	if w, ok := classWords[class]; ok {
		return w.phrase
	}
	return classWords[ClassUnknown].phrase
}

// FlavorName is how a server flavor is written for people ("MySQL",
// "MariaDB", "Percona Server"); a flavor it does not know, as it is.
func FlavorName(flavor string) string {
	switch flavor {
	case FlavorMariaDB:
		return "MariaDB"
	case FlavorPercona:
		return "Percona Server"
	case FlavorMySQL:
		return "MySQL"
	}
	return flavor
}

// OrUnknown is how an unset profile fact is written in a sentence:
// "unknown" for "", else s.
func OrUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
