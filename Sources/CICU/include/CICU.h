/* CICU: ToastKit's one door to the system ICU, imported only by ToastICU
 * (`internal import CICU`).
 *
 * This header declares no ICU type. ToastICU imports it with `internal import`, which in a
 * package built without library evolution still loads the module in every client, beside
 * Foundation's private copy of ICU (_FoundationICU) wherever the client imports Foundation.
 * Had this module read ICU's own headers, Clang would compare the two ICUs' C types of the
 * same name (UErrorCode, UScriptCode, UNumberFormatFields, … differ between ICU 72 and
 * Foundation's) and fail the client's build. So ICU's headers are read only by CICU.c, and
 * what Swift sees here is plain C:
 *
 * - each ICU function ToastICU calls, as `toast_` + its ICU name, with the same parameters
 *   (ICU's enums and UErrorCode as int32_t, UChar as uint16_t, UChar32 as int32_t, UBool as
 *   int8_t, UBiDiLevel as uint8_t, ICU's opaque handles as `struct toast_…` pointers);
 *   CICU.c forwards each to ICU under its versioned name (uplrules_select → uplrules_select_72),
 *   so the same source builds against any ICU from 70 on;
 * - each ICU constant ToastICU uses, as `TOAST_` + its ICU name; CICU.c checks every value
 *   against ICU's own header with a static assertion, so a differing ICU fails to compile
 *   rather than misbehave.
 */
#ifndef TOASTKIT_CICU_H
#define TOASTKIT_CICU_H

#include <stdint.h>

struct toast_UEnumeration;
struct toast_UPluralRules;
struct toast_UNumberFormatter;
struct toast_UFormattedNumber;
struct toast_UResourceBundle;
struct toast_UBreakIterator;
struct toast_UListFormatter;
struct toast_UCollator;
struct toast_UBiDi;
struct toast_USet;

/* Constants (values checked in CICU.c). */
#define TOAST_U_ZERO_ERROR 0
#define TOAST_U_BUFFER_OVERFLOW_ERROR 15
#define TOAST_U_STRING_NOT_TERMINATED_WARNING (-124)
#define TOAST_U_ILLEGAL_ARGUMENT_ERROR 1
#define TOAST_UCOL_NUMERIC_COLLATION 7
#define TOAST_UCOL_ON 17
#define TOAST_UCOL_LESS (-1)
#define TOAST_UCOL_GREATER 1
#define TOAST_UBRK_LINE 2
#define TOAST_UBRK_DONE (-1)
#define TOAST_ULISTFMT_TYPE_AND 0
#define TOAST_ULISTFMT_WIDTH_NARROW 2
#define TOAST_ULOC_ACCEPT_FAILED 0
#define TOAST_UPLURAL_TYPE_CARDINAL 0
#define TOAST_UBIDI_LTR 0
#define TOAST_UBIDI_RTL 1
#define TOAST_U_RIGHT_TO_LEFT 1
#define TOAST_U_RIGHT_TO_LEFT_ARABIC 13
#define TOAST_U_ARABIC_NUMBER 5
#define TOAST_U_LEFT_TO_RIGHT 0
#define TOAST_UCHAR_EMOJI 57
#define TOAST_UCHAR_EMOJI_PRESENTATION 58
#define TOAST_UCHAR_HANGUL_SYLLABLE_TYPE 4107
#define TOAST_UCHAR_EAST_ASIAN_WIDTH 4100
#define TOAST_UCHAR_GENERAL_CATEGORY_MASK 8192
#define TOAST_U_GC_CC_MASK 32768
#define TOAST_U_GC_CF_MASK 65536
#define TOAST_U_GC_MN_MASK 64
#define TOAST_U_GC_ME_MASK 128
#define TOAST_U_CONTROL_CHAR 15
#define TOAST_U_FORMAT_CHAR 16
#define TOAST_U_NON_SPACING_MARK 6
#define TOAST_U_ENCLOSING_MARK 7
#define TOAST_U_HST_VOWEL_JAMO 2
#define TOAST_U_HST_TRAILING_JAMO 3
#define TOAST_U_EA_WIDE 5
#define TOAST_U_EA_FULLWIDTH 3
#define TOAST_U_EA_AMBIGUOUS 1
#define TOAST_U_SHAPE_LETTERS_SHAPE 8
#define TOAST_U_SHAPE_TEXT_DIRECTION_VISUAL_LTR 4
#define TOAST_U_SHAPE_LENGTH_GROW_SHRINK 0

/* Functions: ICU's, forwarded. */
const char * toast_u_errorName(int32_t code);
void toast_u_getVersion(uint8_t versionArray[4]);
const char * toast_uenum_next(struct toast_UEnumeration * en, int32_t * resultLength, int32_t * status);
int32_t toast_uenum_count(struct toast_UEnumeration * en, int32_t * status);
void toast_uenum_close(struct toast_UEnumeration * en);
struct toast_UPluralRules * toast_uplrules_openForType(const char * locale, int32_t type, int32_t * status);
void toast_uplrules_close(struct toast_UPluralRules * rules);
int32_t toast_uplrules_select(const struct toast_UPluralRules * rules, double number, uint16_t * keyword, int32_t capacity, int32_t * status);
int32_t toast_uplrules_selectFormatted(const struct toast_UPluralRules * rules, const struct toast_UFormattedNumber * number, uint16_t * keyword, int32_t capacity, int32_t * status);
struct toast_UEnumeration * toast_uplrules_getKeywords(const struct toast_UPluralRules * rules, int32_t * status);
struct toast_UNumberFormatter * toast_unumf_openForSkeletonAndLocale(const uint16_t * skeleton, int32_t skeletonLen, const char * locale, int32_t * ec);
void toast_unumf_close(struct toast_UNumberFormatter * uformatter);
struct toast_UFormattedNumber * toast_unumf_openResult(int32_t * ec);
void toast_unumf_closeResult(struct toast_UFormattedNumber * uresult);
void toast_unumf_formatInt(const struct toast_UNumberFormatter * uformatter, int64_t value, struct toast_UFormattedNumber * uresult, int32_t * ec);
void toast_unumf_formatDouble(const struct toast_UNumberFormatter * uformatter, double value, struct toast_UFormattedNumber * uresult, int32_t * ec);
void toast_unumf_formatDecimal(const struct toast_UNumberFormatter * uformatter, const char * value, int32_t valueLen, struct toast_UFormattedNumber * uresult, int32_t * ec);
int32_t toast_unumf_resultToString(const struct toast_UFormattedNumber * uresult, uint16_t * buffer, int32_t bufferCapacity, int32_t * ec);
int32_t toast_uloc_forLanguageTag(const char * langtag, char * localeID, int32_t localeIDCapacity, int32_t * parsedLength, int32_t * err);
int32_t toast_uloc_toLanguageTag(const char * localeID, char * langtag, int32_t langtagCapacity, int8_t strict, int32_t * err);
int32_t toast_uloc_canonicalize(const char * localeID, char * name, int32_t nameCapacity, int32_t * err);
int32_t toast_uloc_addLikelySubtags(const char * localeID, char * maximizedLocaleID, int32_t maximizedLocaleIDCapacity, int32_t * err);
int32_t toast_uloc_minimizeSubtags(const char * localeID, char * minimizedLocaleID, int32_t minimizedLocaleIDCapacity, int32_t * err);
int8_t toast_uloc_isRightToLeft(const char * locale);
int32_t toast_uloc_getParent(const char * localeID, char * parent, int32_t parentCapacity, int32_t * err);
int32_t toast_uloc_getScript(const char * localeID, char * script, int32_t scriptCapacity, int32_t * err);
struct toast_UResourceBundle * toast_ures_openDirect(const char * packageName, const char * locale, int32_t * status);
void toast_ures_close(struct toast_UResourceBundle * resourceBundle);
const uint16_t * toast_ures_getStringByKey(const struct toast_UResourceBundle * resB, const char * key, int32_t * len, int32_t * status);
struct toast_UBreakIterator * toast_ubrk_open(int32_t type, const char * locale, const uint16_t * text, int32_t textLength, int32_t * status);
void toast_ubrk_setText(struct toast_UBreakIterator * bi, const uint16_t * text, int32_t textLength, int32_t * status);
int32_t toast_ubrk_first(struct toast_UBreakIterator * bi);
int32_t toast_ubrk_next(struct toast_UBreakIterator * bi);
void toast_ubrk_close(struct toast_UBreakIterator * bi);
int32_t toast_u_getIntPropertyValue(int32_t c, int32_t which);
int8_t toast_u_hasBinaryProperty(int32_t c, int32_t which);
int8_t toast_u_charType(int32_t c);
struct toast_USet * toast_uset_openEmpty(void);
void toast_uset_close(struct toast_USet * set);
void toast_uset_applyIntPropertyValue(struct toast_USet * set, int32_t prop, int32_t value, int32_t * ec);
const struct toast_USet * toast_u_getBinaryPropertySet(int32_t property, int32_t * pErrorCode);
int32_t toast_uset_getRangeCount(const struct toast_USet * set);
int32_t toast_uset_getItem(const struct toast_USet * set, int32_t itemIndex, int32_t * start, int32_t * end, uint16_t * str, int32_t strCapacity, int32_t * ec);
int32_t toast_u_charDirection(int32_t c);
int32_t toast_ubidi_getBaseDirection(const uint16_t * text, int32_t length);
struct toast_UListFormatter * toast_ulistfmt_openForType(const char * locale, int32_t type, int32_t width, int32_t * status);
int32_t toast_ulistfmt_format(const struct toast_UListFormatter * listfmt, const uint16_t *const strings[], const int32_t * stringLengths, int32_t stringCount, uint16_t * result, int32_t resultCapacity, int32_t * status);
void toast_ulistfmt_close(struct toast_UListFormatter * listfmt);
int32_t toast_uloc_acceptLanguage(char * result, int32_t resultAvailable, int32_t * outResult, const char ** acceptList, int32_t acceptListCount, struct toast_UEnumeration * availableLocales, int32_t * status);
struct toast_UEnumeration * toast_uenum_openCharStringsEnumeration(const char *const strings[], int32_t count, int32_t * ec);
void toast_ulocdata_getCLDRVersion(uint8_t versionArray[4], int32_t * status);
int32_t toast_uloc_countAvailable(void);
const char * toast_uloc_getAvailable(int32_t n);
struct toast_UResourceBundle * toast_ures_getByKey(const struct toast_UResourceBundle * resourceBundle, const char * key, struct toast_UResourceBundle * fillIn, int32_t * status);
int32_t toast_ures_getSize(const struct toast_UResourceBundle * resourceBundle);
struct toast_UResourceBundle * toast_ures_getByIndex(const struct toast_UResourceBundle * resourceBundle, int32_t indexR, struct toast_UResourceBundle * fillIn, int32_t * status);
const char * toast_ures_getKey(const struct toast_UResourceBundle * resourceBundle);
const uint16_t * toast_ures_getString(const struct toast_UResourceBundle * resourceBundle, int32_t * len, int32_t * status);
struct toast_UCollator * toast_ucol_open(const char * loc, int32_t * status);
void toast_ucol_close(struct toast_UCollator * coll);
int32_t toast_ucol_strcoll(const struct toast_UCollator * coll, const uint16_t * source, int32_t sourceLength, const uint16_t * target, int32_t targetLength);
void toast_ucol_setAttribute(struct toast_UCollator * coll, int32_t attr, int32_t value, int32_t * status);
int32_t toast_ucol_getSortKey(const struct toast_UCollator * coll, const uint16_t * source, int32_t sourceLength, uint8_t * result, int32_t resultLength);
struct toast_UBiDi * toast_ubidi_openSized(int32_t maxLength, int32_t maxRunCount, int32_t * status);
void toast_ubidi_close(struct toast_UBiDi * bidi);
void toast_ubidi_setPara(struct toast_UBiDi * bidi, const uint16_t * text, int32_t length, uint8_t paraLevel, uint8_t * embeddingLevels, int32_t * status);
void toast_ubidi_setLine(const struct toast_UBiDi * para, int32_t start, int32_t limit, struct toast_UBiDi * line, int32_t * status);
int32_t toast_ubidi_writeReordered(struct toast_UBiDi * bidi, uint16_t * dest, int32_t destSize, uint16_t options, int32_t * status);
const uint8_t * toast_ubidi_getLevels(struct toast_UBiDi * bidi, int32_t * status);
void toast_ubidi_reorderVisual(const uint8_t * levels, int32_t length, int32_t * indexMap);
int32_t toast_u_charMirror(int32_t c);
uint8_t toast_ubidi_getParaLevel(const struct toast_UBiDi * bidi);
int32_t toast_u_shapeArabic(const uint16_t * source, int32_t sourceLength, uint16_t * dest, int32_t destSize, uint32_t options, int32_t * status);

/* U_FAILURE(code): a function-like macro, which Swift does not import. */
int8_t toast_icu_failure(int32_t code);

#endif
