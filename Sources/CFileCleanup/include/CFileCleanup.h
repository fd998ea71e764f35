/* CFileCleanup: the temporary files ToastKit's writers have open, removed from a signal
 * handler. The one piece of process-wide mutable state in ToastKit (docs/ARCHITECTURE.md):
 * a signal handler cannot be handed anything, so the list must be global. Every entry point
 * is thread-safe; toast_cleanup_unlink_all and the handler are async-signal-safe (atomics,
 * unlink, sigaction, raise). */
#ifndef TOASTKIT_CFILECLEANUP_H
#define TOASTKIT_CFILECLEANUP_H

/* Remembers `path` (copied) until toast_cleanup_remove; returns its slot, or -1 when the path
 * is too long or all 64 slots are taken (the file is then not removed on a signal). */
int toast_cleanup_add(const char *path);

/* Forgets a slot from toast_cleanup_add (the file itself is not touched); -1 is ignored. */
void toast_cleanup_remove(int slot);

/* Unlinks every remembered path. Async-signal-safe. Returns how many unlink calls succeeded. */
int toast_cleanup_unlink_all(void);

/* Installs a SIGINT, SIGTERM, SIGHUP and SIGQUIT handler (each signal the process does not
 * ignore already: nohup's SIG_IGN is kept) that unlinks every remembered path, then
 * restores the default action and raises the signal again (so the exit status says which
 * signal ended the process), and unblocks them on the calling thread (a mask inherited
 * from the parent would otherwise hold them back). Returns 0, or -1 when that failed. */
int toast_cleanup_install_signal_handlers(void);

#endif
