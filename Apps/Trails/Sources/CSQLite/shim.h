// The SQLite C API, for the `CSQLite` system-library target (Debian: libsqlite3-dev).
#include <sqlite3.h>
