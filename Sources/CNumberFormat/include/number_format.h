#ifndef FOLIO_NUMBER_FORMAT_H
#define FOLIO_NUMBER_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/// Formats one number as `vsnprintf(s, n, format, ap)` would, when `format` is a single
/// conversion of the kinds cairo's PDF writer prints (`%d`, `%ld`, `%0*x`, `%03o`, `%f`,
/// `%.18f`, `%.*f` …): the same bytes, the same return value. Returns -1, touching nothing,
/// for any other format or a value it leaves to the C library (not finite, too large, a
/// rounding mode or decimal point other than the default).
int folio_format_number(char *s, size_t n, const char *format, va_list ap);

#endif
