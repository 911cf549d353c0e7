// libarchive: reading the zip and tar archives a rendering request uploads.
#include <archive.h>
#include <archive_entry.h>
