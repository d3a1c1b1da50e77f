// Package contentfiles embeds the demo content (YAML) into the binary. A
// CONTENT_DIR setting replaces it with a folder of the same layout.
package contentfiles

import "embed"

// FS holds one folder per site; see internal/content.FileSource.
//
//go:embed all:_common all:group-se all:group-uk all:group-dk all:group-no all:group-fi all:group-sk all:group-eu all:carstore-se all:carstore-no all:carstore-fi all:carstore-sk all:dealer-se
var FS embed.FS
