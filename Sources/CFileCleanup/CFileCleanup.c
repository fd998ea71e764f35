#include "CFileCleanup.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 64

enum { FREE = 0, CLAIMED = 1, READY = 2 };

static _Atomic int states[SLOTS];
static char paths[SLOTS][PATH_MAX];

int toast_cleanup_add(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    for (int slot = 0; slot < SLOTS; slot++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&states[slot], &expected, CLAIMED)) {
            memcpy(paths[slot], path, length + 1);
            atomic_store(&states[slot], READY);
            return slot;
        }
    }
    return -1;
}

void toast_cleanup_remove(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&states[slot], FREE);
}

int toast_cleanup_unlink_all(void) {
    int removed = 0;
    for (int slot = 0; slot < SLOTS; slot++) {
        if (atomic_load(&states[slot]) == READY && unlink(paths[slot]) == 0) removed++;
    }
    return removed;
}

static void handle(int signal_number) {
    toast_cleanup_unlink_all();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    raise(signal_number);
}

int toast_cleanup_install_signal_handlers(void) {
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    sigemptyset(&action.sa_mask);
    sigset_t unblock;
    sigemptyset(&unblock);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
        sigaddset(&unblock, signals[i]);
    }
    /* A mask inherited from the parent (a test runner, a supervisor) could hold them back
     * until the write is over; this thread takes them. */
    return pthread_sigmask(SIG_UNBLOCK, &unblock, NULL) == 0 ? 0 : -1;
}
