// libFuzzer's driver (LLVM 11+), linked in only by `-sanitize=fuzzer` builds: the fuzz
// binary calls it only when built with -DFUZZING (scripts/fuzz.sh).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
