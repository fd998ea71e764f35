// Declarations only: LLVMFuzzerRunDriver comes from libFuzzer (-sanitize=fuzzer).
#include "CFuzzerDriver.h"
