#include "CFileCleanup.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 64

/* Each slot's state: a generation (bits 2…) and a status (bits 0-1). The generation grows
 * when a slot is freed, so the handler can tell that a path it copied was not being
 * replaced meanwhile (a seqlock: it unlinks only when the state is the same before and after
 * its copy). */
enum { FREE = 0, CLAIMED = 1, READY = 2, STATUS = 3 };

static _Atomic unsigned states[SLOTS];
static char paths[SLOTS][PATH_MAX];

int toast_cleanup_add(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    for (int slot = 0; slot < SLOTS; slot++) {
        unsigned expected = atomic_load(&states[slot]);
        if ((expected & STATUS) != FREE) continue;
        unsigned generation = expected & ~(unsigned)STATUS;
        if (atomic_compare_exchange_strong(&states[slot], &expected, generation | CLAIMED)) {
            memcpy(paths[slot], path, length + 1);
            atomic_store(&states[slot], generation | READY);
            return slot;
        }
    }
    return -1;
}

void toast_cleanup_remove(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    unsigned generation = atomic_load(&states[slot]) & ~(unsigned)STATUS;
    atomic_store(&states[slot], (generation + 4) | FREE);
}

int toast_cleanup_unlink_all(void) {
    char copy[PATH_MAX];
    int removed = 0;
    for (int slot = 0; slot < SLOTS; slot++) {
        unsigned before = atomic_load(&states[slot]);
        if ((before & STATUS) != READY) continue;
        memcpy(copy, paths[slot], PATH_MAX);
        copy[PATH_MAX - 1] = 0;
        if (atomic_load(&states[slot]) != before) continue;  /* freed or reused while copied */
        if (unlink(copy) == 0) removed++;
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
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    sigemptyset(&action.sa_mask);
    sigset_t unblock;
    sigemptyset(&unblock);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0) return -1;
        /* A signal the parent chose to ignore (nohup, a background job) stays ignored. */
        if (old.sa_handler == SIG_IGN) continue;
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
        sigaddset(&unblock, signals[i]);
    }
    /* A mask inherited from the parent (a test runner, a supervisor) could hold them back
     * until the write is over; this thread takes them. */
    return pthread_sigmask(SIG_UNBLOCK, &unblock, NULL) == 0 ? 0 : -1;
}
