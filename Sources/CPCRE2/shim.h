// PCRE2 for UTF-8 text: the 8-bit library, its functions named with the _8 suffix.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
