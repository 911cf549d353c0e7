#include <stddef.h>
#include <fribidi.h>

/* FriBidi's paragraph-direction values are macro expressions Swift cannot import; this
   answers with a plain int.

   1 when rules P2–P3 of the Unicode bidi algorithm make the paragraph of these code
   points right-to-left, 0 when left-to-right, -1 when no strong letter outside an
   isolate decides (the caller picks the default). FriBidi resolves a weak requested
   direction to the first strong letter's, skipping isolates; asking once for weak LTR
   and once for weak RTL tells "found" from "defaulted". `types` and `levels` are
   scratch space of `length` entries. */
static inline int folio_fribidi_paragraph_direction(const FriBidiChar *chars, FriBidiStrIndex length,
                                                    FriBidiCharType *types, FriBidiLevel *levels) {
    fribidi_get_bidi_types(chars, length, types);
    FriBidiParType dir = FRIBIDI_PAR_WLTR;
    if (!fribidi_get_par_embedding_levels_ex(types, NULL, length, &dir, levels)) return -1;
    if (dir == FRIBIDI_PAR_RTL) return 1;
    dir = FRIBIDI_PAR_WRTL;
    if (!fribidi_get_par_embedding_levels_ex(types, NULL, length, &dir, levels)) return -1;
    if (dir == FRIBIDI_PAR_LTR) return 0;
    return -1;
}
