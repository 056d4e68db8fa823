#ifndef BOOKCLUB_CSQLITE_SHIM_H
#define BOOKCLUB_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
