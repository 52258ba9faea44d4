package profile

// FieldsRevision is the revision of the profile's JSON fields this mytune
// writes ("fields_revision"). It is raised by one with every field added
// to Profile or its parts: TestFieldsRevision fails until it is, naming
// the new revision and its fields hash. A saved profile without it (every
// mytune before review r57, 2026-12-07) or with a lower one was written by
// an older mytune: the facts added since are absent from it, which is not
// the same as zero, and advise --from says so (gap ProfileOlderGap).
const FieldsRevision = 8

// ProfileOlderGap is the gap probe of a profile loaded from a file that an
// older mytune saved (OlderFields).
const ProfileOlderGap = "profile.fields_revision"

// OlderFields says whether p was saved by a mytune that wrote fewer of the
// profile's fields than this one (its FieldsRevision below this one's).
func (p *Profile) OlderFields() bool { return p.FieldsRevision < FieldsRevision }
