#ifndef TOASTKIT_FUZZER_DRIVER_H
#define TOASTKIT_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): runs the fuzzing loop with
/// the command line's libFuzzer flags and calls `callback` for each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
