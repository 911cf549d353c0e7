// cairo's PDF writer prints every number of a page through snprintf: each glyph position,
// each matrix, each object number and offset — about 320 000 calls for a 200-page book,
// and glibc's general printf machinery spends some 1 500 instructions on each (multiple-
// precision arithmetic for every `%f`), 7 % of the whole render. This file defines
// `snprintf` and `__snprintf_chk` in the program itself, so the dynamic linker binds
// cairo's calls (and every other library's) to them; the few single-number formats cairo
// uses are written here exactly as glibc writes them, and everything else goes on to the
// C library's `vsnprintf`. Exactness is by construction: a double is an integer times a
// power of two, so its value times 10^precision is worked out in 128-bit integers and
// rounded half to even, as glibc rounds in the default rounding mode.
// `NumberFormatTests` compares the two on millions of values.

#define _GNU_SOURCE
// This file defines `snprintf` itself: with _FORTIFY_SOURCE, glibc's headers make the name
// a macro (distribution hardening flags may ask for it).
#undef _FORTIFY_SOURCE
#include "number_format.h"

#include <fenv.h>
#include <langinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// A parsed `%[flags][width][.precision][length]conversion`, the whole format.
struct conversion {
    int zero_pad, left_align;
    int width;          // -1: none; -2: from the arguments (`*`)
    int precision;      // -1: none; -2: from the arguments (`.*`)
    int length;         // 0: int, 1: long, 2: long long, 3: size_t
    char kind;          // d i u x X o f
};

static int parse(const char *f, struct conversion *c) {
    if (*f++ != '%') return 0;
    c->zero_pad = c->left_align = 0;
    for (;; f++) {
        if (*f == '0') c->zero_pad = 1;
        else if (*f == '-') c->left_align = 1;
        else break;
    }
    c->width = -1;
    if (*f == '*') { c->width = -2; f++; }
    else if (*f >= '1' && *f <= '9') {
        c->width = 0;
        while (*f >= '0' && *f <= '9') { c->width = c->width * 10 + (*f++ - '0'); if (c->width > 4096) return 0; }
    }
    c->precision = -1;
    if (*f == '.') {
        f++;
        if (*f == '*') { c->precision = -2; f++; }
        else {
            c->precision = 0;
            while (*f >= '0' && *f <= '9') { c->precision = c->precision * 10 + (*f++ - '0'); if (c->precision > 4096) return 0; }
        }
    }
    c->length = 0;
    if (*f == 'l') { f++; c->length = 1; if (*f == 'l') { f++; c->length = 2; } }
    else if (*f == 'z') { f++; c->length = 3; }
    if (*f == '\0') return 0;   // cut short ("%", "%l"): never read past the terminator
    c->kind = *f++;
    if (*f != '\0') return 0;
    switch (c->kind) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
        // An integer's precision is a minimum digit count (and turns off the zero flag):
        // left to the C library.
        return c->precision == -1;
    case 'f':
        return c->length == 0;
    default:
        return 0;
    }
}

/// Writes `digits` (with `sign` before them, if any) padded to `width` as glibc pads,
/// and stores them as snprintf does: at most n - 1 bytes and a terminating zero. Returns
/// the length of the whole.
static inline __attribute__((always_inline))
int emit(char *s, size_t n, char sign, const char *digits, int count, const struct conversion *c, int width) {
    int body = count + (sign != 0), pad = width > body ? width - body : 0, length = body + pad;
    if (n == 0) return length;
    if (pad == 0 && (size_t)length < n) {   // the usual case: the number as it is, and room
        char *out = s;
        if (sign) *out++ = sign;
        memcpy(out, digits, (size_t)count);
        out[count] = '\0';
        return length;
    }
    // Written a byte at a time, up to what the buffer holds.
    size_t room = n - 1, at = 0;
#define PUT(byte) do { if (at < room) s[at] = (byte); at++; } while (0)
    if (!c->left_align && !c->zero_pad) for (int i = 0; i < pad; i++) PUT(' ');
    if (sign) PUT(sign);
    if (!c->left_align && c->zero_pad) for (int i = 0; i < pad; i++) PUT('0');
    for (int i = 0; i < count; i++) PUT(digits[i]);
    if (c->left_align) for (int i = 0; i < pad; i++) PUT(' ');
#undef PUT
    s[at < room ? at : room] = '\0';
    return length;
}

static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/// `value` in `base`, written right to left ending at `end`; returns the first digit.
static inline __attribute__((always_inline))
char *unsigned_digits(char *end, unsigned long long value, unsigned base, int upper) {
    if (base == 10) {
        while (value >= 100) {
            unsigned pair = (unsigned)(value % 100);
            value /= 100;
            end -= 2;
            memcpy(end, digit_pairs + 2 * pair, 2);
        }
        if (value >= 10) { end -= 2; memcpy(end, digit_pairs + 2 * value, 2); }
        else *--end = (char)('0' + value);
        return end;
    }
    const char *symbols = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do { *--end = symbols[value % base]; value /= base; } while (value);
    return end;
}

/// The `count` digits of `value` (below 10^count), zeros first, ending at `end`.
static inline __attribute__((always_inline))
char *fraction_digits(char *end, uint64_t value, int count) {
    for (; count >= 2; count -= 2) {
        unsigned pair = (unsigned)(value % 100);
        value /= 100;
        end -= 2;
        memcpy(end, digit_pairs + 2 * pair, 2);
    }
    if (count) *--end = (char)('0' + value % 10);
    return end;
}

static inline __attribute__((always_inline))
int format_integer(char *s, size_t n, const struct conversion *c, int width, va_list ap) {
    int is_signed = c->kind == 'd' || c->kind == 'i';
    unsigned long long magnitude;
    char sign = 0;
    if (is_signed) {
        long long v;
        switch (c->length) {
        case 0: v = va_arg(ap, int); break;
        case 1: v = va_arg(ap, long); break;
        case 2: v = va_arg(ap, long long); break;
        default: v = (long long)va_arg(ap, ssize_t); break;
        }
        if (v < 0) { sign = '-'; magnitude = 0ULL - (unsigned long long)v; } else magnitude = (unsigned long long)v;
    } else {
        switch (c->length) {
        case 0: magnitude = va_arg(ap, unsigned int); break;
        case 1: magnitude = va_arg(ap, unsigned long); break;
        case 2: magnitude = va_arg(ap, unsigned long long); break;
        default: magnitude = va_arg(ap, size_t); break;
        }
    }
    char buffer[32], *end = buffer + sizeof buffer;
    unsigned base = c->kind == 'x' || c->kind == 'X' ? 16 : c->kind == 'o' ? 8 : 10;
    char *first = unsigned_digits(end, magnitude, base, c->kind == 'X');
    return emit(s, n, sign, first, (int)(end - first), c, width);
}

static const uint64_t powers_of_ten[19] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL,
};

/// `%.<precision>f` of a finite `value`, or -1 when it is left to the C library.
static inline __attribute__((always_inline))
int format_fixed(char *s, size_t n, const struct conversion *c, int width, int precision, double value) {
    if (precision > 18) return -1;
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int exponent_bits = (int)((bits >> 52) & 0x7FF);
    if (exponent_bits == 0x7FF) return -1;
    char sign = (bits >> 63) ? '-' : 0;
    uint64_t mantissa = bits & ((1ULL << 52) - 1);
    int exponent;
    if (exponent_bits == 0) exponent = -1074;
    else { mantissa |= 1ULL << 52; exponent = exponent_bits - 1075; }

    // The value times 10^precision, rounded half to even: whole (integer part) and
    // fraction (the `precision` digits after the point).
    uint64_t whole, fraction;
    uint64_t scale = powers_of_ten[precision];
    if (exponent >= 0) {
        if (exponent > 10) return -1;   // 2^63 and over: left to the C library
        whole = mantissa << exponent;
        fraction = 0;
    } else {
        int shift = -exponent;
        unsigned __int128 scaled = (unsigned __int128)mantissa * scale;   // < 2^113
        unsigned __int128 rounded;
        if (shift >= 128) {
            rounded = 0;   // under 2^113 / 2^128: less than half a unit of the last digit
        } else {
            rounded = scaled >> shift;
            unsigned __int128 remainder = scaled - (rounded << shift);
            unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
            if (remainder > half || (remainder == half && (rounded & 1))) rounded += 1;
        }
        if (rounded >> 64 == 0) {   // most numbers: one 64-bit division
            whole = (uint64_t)rounded / scale;
            fraction = (uint64_t)rounded - whole * scale;
        } else {
            whole = (uint64_t)(rounded / scale);   // the value is under 2^53 here
            fraction = (uint64_t)(rounded - (unsigned __int128)whole * scale);
        }
    }

    char buffer[48], *end = buffer + sizeof buffer, *first = end;
    if (precision > 0) {
        first = fraction_digits(first, fraction, precision);
        *--first = '.';
    }
    first = unsigned_digits(first, whole, 10, 0);
    return emit(s, n, sign, first, (int)(end - first), c, width);
}

int folio_format_number(char *s, size_t n, const char *format, va_list ap) {
    struct conversion c;
    // cairo's two usual formats, "%d" (object numbers, offsets, glyph advances) and "%f"
    // (coordinates), go straight to their writers: what `parse` would make of them.
    if (format[0] == '%' && format[1] != '\0' && format[2] == '\0') {
        if (format[1] == 'd') {
            c = (struct conversion){ .width = -1, .precision = -1, .kind = 'd' };
            return format_integer(s, n, &c, -1, ap);
        }
        if (format[1] == 'f') {
            if (fegetround() != FE_TONEAREST) return -1;
            const char *point = nl_langinfo(RADIXCHAR);
            if (point[0] != '.' || point[1] != '\0') return -1;
            c = (struct conversion){ .width = -1, .precision = -1, .kind = 'f' };
            return format_fixed(s, n, &c, -1, 6, va_arg(ap, double));
        }
    }
    if (!parse(format, &c)) return -1;
    int width = c.width;
    if (width == -2) {
        width = va_arg(ap, int);
        // Checked before it is negated (INT_MIN has no opposite).
        if (width < -4096 || width > 4096) return -1;
        if (width < 0) { c.left_align = 1; width = -width; }
    }
    if (c.kind != 'f') return format_integer(s, n, &c, width, ap);

    int precision = c.precision;
    if (precision == -2) { precision = va_arg(ap, int); if (precision < 0) precision = 6; }
    else if (precision == -1) precision = 6;
    // glibc rounds in the current rounding mode and writes the locale's decimal point.
    if (fegetround() != FE_TONEAREST) return -1;
    const char *point = nl_langinfo(RADIXCHAR);
    if (point[0] != '.' || point[1] != '\0') return -1;
    if (c.left_align) c.zero_pad = 0;
    return format_fixed(s, n, &c, width, precision, va_arg(ap, double));
}

int snprintf(char *s, size_t n, const char *format, ...) {
    va_list ap, attempt;
    va_start(ap, format);
    va_copy(attempt, ap);
    int written = folio_format_number(s, n, format, attempt);
    va_end(attempt);
    if (written < 0) written = vsnprintf(s, n, format, ap);
    va_end(ap);
    return written;
}

// What `snprintf` becomes in a program built with _FORTIFY_SOURCE (cairo is): `length` is
// the buffer's real size, checked as glibc checks it.
int __vsnprintf_chk(char *s, size_t n, int flag, size_t length, const char *format, va_list ap);

int __snprintf_chk(char *s, size_t n, int flag, size_t length, const char *format, ...) {
    va_list ap, attempt;
    va_start(ap, format);
    int written = -1;
    if (n <= length) {
        va_copy(attempt, ap);
        written = folio_format_number(s, n, format, attempt);
        va_end(attempt);
    }
    // The C library reports a buffer overflow (and the formats it alone knows).
    if (written < 0) written = __vsnprintf_chk(s, n, flag, length, format, ap);
    va_end(ap);
    return written;
}
