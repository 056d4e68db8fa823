#ifndef BOOKCLUB_CSQLITE_SHIM_H
#define BOOKCLUB_CSQLITE_SHIM_H

/* The pre-update hook, with which a change is recorded from the rows it writes (RowCapture):
   the system SQLite here (Debian's) is built with it; its header declares it only when asked. */
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. Memory statistics, which bookclub
   never reads, cost a mutex around every allocation SQLite makes; this turns them off. It
   must run before SQLite initializes (before the first connection opens); later, SQLite
   refuses it and nothing changes. */
static inline int bookclub_sqlite3_disable_memstatus(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
