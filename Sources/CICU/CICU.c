/* CICU.c: the only file of ToastKit that reads ICU's headers (see include/CICU.h). */
#include "CICU.h"

#define U_SHOW_CPLUSPLUS_API 0
#include <unicode/utypes.h>
#include <unicode/uversion.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/upluralrules.h>
#include <unicode/unumberformatter.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ubidi.h>
#include <unicode/ushape.h>
#include <unicode/ulistformatter.h>
#include <unicode/ulocdata.h>
#include <unicode/ucol.h>
#include <unicode/uset.h>


/* Every constant include/CICU.h declares has ICU's own value. */
_Static_assert(TOAST_U_ZERO_ERROR == U_ZERO_ERROR, "U_ZERO_ERROR");
_Static_assert(TOAST_U_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "U_BUFFER_OVERFLOW_ERROR");
_Static_assert(TOAST_U_STRING_NOT_TERMINATED_WARNING == U_STRING_NOT_TERMINATED_WARNING, "U_STRING_NOT_TERMINATED_WARNING");
_Static_assert(TOAST_U_ILLEGAL_ARGUMENT_ERROR == U_ILLEGAL_ARGUMENT_ERROR, "U_ILLEGAL_ARGUMENT_ERROR");
_Static_assert(TOAST_UCOL_NUMERIC_COLLATION == UCOL_NUMERIC_COLLATION, "UCOL_NUMERIC_COLLATION");
_Static_assert(TOAST_UCOL_ON == UCOL_ON, "UCOL_ON");
_Static_assert(TOAST_UCOL_LESS == UCOL_LESS, "UCOL_LESS");
_Static_assert(TOAST_UCOL_GREATER == UCOL_GREATER, "UCOL_GREATER");
_Static_assert(TOAST_UBRK_LINE == UBRK_LINE, "UBRK_LINE");
_Static_assert(TOAST_UBRK_DONE == UBRK_DONE, "UBRK_DONE");
_Static_assert(TOAST_ULISTFMT_TYPE_AND == ULISTFMT_TYPE_AND, "ULISTFMT_TYPE_AND");
_Static_assert(TOAST_ULISTFMT_WIDTH_NARROW == ULISTFMT_WIDTH_NARROW, "ULISTFMT_WIDTH_NARROW");
_Static_assert(TOAST_ULOC_ACCEPT_FAILED == ULOC_ACCEPT_FAILED, "ULOC_ACCEPT_FAILED");
_Static_assert(TOAST_UPLURAL_TYPE_CARDINAL == UPLURAL_TYPE_CARDINAL, "UPLURAL_TYPE_CARDINAL");
_Static_assert(TOAST_UBIDI_LTR == UBIDI_LTR, "UBIDI_LTR");
_Static_assert(TOAST_UBIDI_RTL == UBIDI_RTL, "UBIDI_RTL");
_Static_assert(TOAST_U_RIGHT_TO_LEFT == U_RIGHT_TO_LEFT, "U_RIGHT_TO_LEFT");
_Static_assert(TOAST_U_RIGHT_TO_LEFT_ARABIC == U_RIGHT_TO_LEFT_ARABIC, "U_RIGHT_TO_LEFT_ARABIC");
_Static_assert(TOAST_U_ARABIC_NUMBER == U_ARABIC_NUMBER, "U_ARABIC_NUMBER");
_Static_assert(TOAST_U_LEFT_TO_RIGHT == U_LEFT_TO_RIGHT, "U_LEFT_TO_RIGHT");
_Static_assert(TOAST_UCHAR_EMOJI == UCHAR_EMOJI, "UCHAR_EMOJI");
_Static_assert(TOAST_UCHAR_EMOJI_PRESENTATION == UCHAR_EMOJI_PRESENTATION, "UCHAR_EMOJI_PRESENTATION");
_Static_assert(TOAST_UCHAR_HANGUL_SYLLABLE_TYPE == UCHAR_HANGUL_SYLLABLE_TYPE, "UCHAR_HANGUL_SYLLABLE_TYPE");
_Static_assert(TOAST_UCHAR_EAST_ASIAN_WIDTH == UCHAR_EAST_ASIAN_WIDTH, "UCHAR_EAST_ASIAN_WIDTH");
_Static_assert(TOAST_UCHAR_GENERAL_CATEGORY_MASK == UCHAR_GENERAL_CATEGORY_MASK, "UCHAR_GENERAL_CATEGORY_MASK");
_Static_assert(TOAST_U_GC_CC_MASK == U_GC_CC_MASK, "U_GC_CC_MASK");
_Static_assert(TOAST_U_GC_CF_MASK == U_GC_CF_MASK, "U_GC_CF_MASK");
_Static_assert(TOAST_U_GC_MN_MASK == U_GC_MN_MASK, "U_GC_MN_MASK");
_Static_assert(TOAST_U_GC_ME_MASK == U_GC_ME_MASK, "U_GC_ME_MASK");
_Static_assert(TOAST_U_CONTROL_CHAR == U_CONTROL_CHAR, "U_CONTROL_CHAR");
_Static_assert(TOAST_U_FORMAT_CHAR == U_FORMAT_CHAR, "U_FORMAT_CHAR");
_Static_assert(TOAST_U_NON_SPACING_MARK == U_NON_SPACING_MARK, "U_NON_SPACING_MARK");
_Static_assert(TOAST_U_ENCLOSING_MARK == U_ENCLOSING_MARK, "U_ENCLOSING_MARK");
_Static_assert(TOAST_U_HST_VOWEL_JAMO == U_HST_VOWEL_JAMO, "U_HST_VOWEL_JAMO");
_Static_assert(TOAST_U_HST_TRAILING_JAMO == U_HST_TRAILING_JAMO, "U_HST_TRAILING_JAMO");
_Static_assert(TOAST_U_EA_WIDE == U_EA_WIDE, "U_EA_WIDE");
_Static_assert(TOAST_U_EA_FULLWIDTH == U_EA_FULLWIDTH, "U_EA_FULLWIDTH");
_Static_assert(TOAST_U_EA_AMBIGUOUS == U_EA_AMBIGUOUS, "U_EA_AMBIGUOUS");
_Static_assert(TOAST_U_SHAPE_LETTERS_SHAPE == U_SHAPE_LETTERS_SHAPE, "U_SHAPE_LETTERS_SHAPE");
_Static_assert(TOAST_U_SHAPE_TEXT_DIRECTION_VISUAL_LTR == U_SHAPE_TEXT_DIRECTION_VISUAL_LTR, "U_SHAPE_TEXT_DIRECTION_VISUAL_LTR");
_Static_assert(TOAST_U_SHAPE_LENGTH_GROW_SHRINK == U_SHAPE_LENGTH_GROW_SHRINK, "U_SHAPE_LENGTH_GROW_SHRINK");

/* The handles are ICU's, passed through as opaque pointers; enums are int-sized. */
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode is 32 bits");
_Static_assert(sizeof(UAcceptResult) == sizeof(int32_t), "UAcceptResult is 32 bits");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar is 16 bits");
_Static_assert(sizeof(UBool) == sizeof(int8_t), "UBool is 8 bits");
_Static_assert(sizeof(UBiDiLevel) == sizeof(uint8_t), "UBiDiLevel is 8 bits");

int8_t toast_icu_failure(int32_t code) { return U_FAILURE((UErrorCode)code); }

const char * toast_u_errorName(int32_t code) {
    return (const char *)u_errorName((UErrorCode)code);
}

void toast_u_getVersion(uint8_t versionArray[4]) {
    u_getVersion(versionArray);
}

const char * toast_uenum_next(struct toast_UEnumeration * en, int32_t * resultLength, int32_t * status) {
    return (const char *)uenum_next((UEnumeration *)en, resultLength, (UErrorCode *)status);
}

int32_t toast_uenum_count(struct toast_UEnumeration * en, int32_t * status) {
    return (int32_t)uenum_count((UEnumeration *)en, (UErrorCode *)status);
}

void toast_uenum_close(struct toast_UEnumeration * en) {
    uenum_close((UEnumeration *)en);
}

struct toast_UPluralRules * toast_uplrules_openForType(const char * locale, int32_t type, int32_t * status) {
    return (struct toast_UPluralRules *)uplrules_openForType(locale, (UPluralType)type, (UErrorCode *)status);
}

void toast_uplrules_close(struct toast_UPluralRules * rules) {
    uplrules_close((UPluralRules *)rules);
}

int32_t toast_uplrules_select(const struct toast_UPluralRules * rules, double number, uint16_t * keyword, int32_t capacity, int32_t * status) {
    return (int32_t)uplrules_select((const UPluralRules *)rules, number, (UChar *)keyword, capacity, (UErrorCode *)status);
}

int32_t toast_uplrules_selectFormatted(const struct toast_UPluralRules * rules, const struct toast_UFormattedNumber * number, uint16_t * keyword, int32_t capacity, int32_t * status) {
    return (int32_t)uplrules_selectFormatted((const UPluralRules *)rules, (const UFormattedNumber *)number, (UChar *)keyword, capacity, (UErrorCode *)status);
}

struct toast_UEnumeration * toast_uplrules_getKeywords(const struct toast_UPluralRules * rules, int32_t * status) {
    return (struct toast_UEnumeration *)uplrules_getKeywords((const UPluralRules *)rules, (UErrorCode *)status);
}

struct toast_UNumberFormatter * toast_unumf_openForSkeletonAndLocale(const uint16_t * skeleton, int32_t skeletonLen, const char * locale, int32_t * ec) {
    return (struct toast_UNumberFormatter *)unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLen, locale, (UErrorCode *)ec);
}

void toast_unumf_close(struct toast_UNumberFormatter * uformatter) {
    unumf_close((UNumberFormatter *)uformatter);
}

struct toast_UFormattedNumber * toast_unumf_openResult(int32_t * ec) {
    return (struct toast_UFormattedNumber *)unumf_openResult((UErrorCode *)ec);
}

void toast_unumf_closeResult(struct toast_UFormattedNumber * uresult) {
    unumf_closeResult((UFormattedNumber *)uresult);
}

void toast_unumf_formatInt(const struct toast_UNumberFormatter * uformatter, int64_t value, struct toast_UFormattedNumber * uresult, int32_t * ec) {
    unumf_formatInt((const UNumberFormatter *)uformatter, value, (UFormattedNumber *)uresult, (UErrorCode *)ec);
}

void toast_unumf_formatDouble(const struct toast_UNumberFormatter * uformatter, double value, struct toast_UFormattedNumber * uresult, int32_t * ec) {
    unumf_formatDouble((const UNumberFormatter *)uformatter, value, (UFormattedNumber *)uresult, (UErrorCode *)ec);
}

void toast_unumf_formatDecimal(const struct toast_UNumberFormatter * uformatter, const char * value, int32_t valueLen, struct toast_UFormattedNumber * uresult, int32_t * ec) {
    unumf_formatDecimal((const UNumberFormatter *)uformatter, value, valueLen, (UFormattedNumber *)uresult, (UErrorCode *)ec);
}

int32_t toast_unumf_resultToString(const struct toast_UFormattedNumber * uresult, uint16_t * buffer, int32_t bufferCapacity, int32_t * ec) {
    return (int32_t)unumf_resultToString((const UFormattedNumber *)uresult, (UChar *)buffer, bufferCapacity, (UErrorCode *)ec);
}

int32_t toast_uloc_forLanguageTag(const char * langtag, char * localeID, int32_t localeIDCapacity, int32_t * parsedLength, int32_t * err) {
    return (int32_t)uloc_forLanguageTag(langtag, localeID, localeIDCapacity, parsedLength, (UErrorCode *)err);
}

int32_t toast_uloc_toLanguageTag(const char * localeID, char * langtag, int32_t langtagCapacity, int8_t strict, int32_t * err) {
    return (int32_t)uloc_toLanguageTag(localeID, langtag, langtagCapacity, (UBool)strict, (UErrorCode *)err);
}

int32_t toast_uloc_canonicalize(const char * localeID, char * name, int32_t nameCapacity, int32_t * err) {
    return (int32_t)uloc_canonicalize(localeID, name, nameCapacity, (UErrorCode *)err);
}

int32_t toast_uloc_addLikelySubtags(const char * localeID, char * maximizedLocaleID, int32_t maximizedLocaleIDCapacity, int32_t * err) {
    return (int32_t)uloc_addLikelySubtags(localeID, maximizedLocaleID, maximizedLocaleIDCapacity, (UErrorCode *)err);
}

int32_t toast_uloc_minimizeSubtags(const char * localeID, char * minimizedLocaleID, int32_t minimizedLocaleIDCapacity, int32_t * err) {
    return (int32_t)uloc_minimizeSubtags(localeID, minimizedLocaleID, minimizedLocaleIDCapacity, (UErrorCode *)err);
}

int8_t toast_uloc_isRightToLeft(const char * locale) {
    return (int8_t)uloc_isRightToLeft(locale);
}

int32_t toast_uloc_getParent(const char * localeID, char * parent, int32_t parentCapacity, int32_t * err) {
    return (int32_t)uloc_getParent(localeID, parent, parentCapacity, (UErrorCode *)err);
}

int32_t toast_uloc_getScript(const char * localeID, char * script, int32_t scriptCapacity, int32_t * err) {
    return (int32_t)uloc_getScript(localeID, script, scriptCapacity, (UErrorCode *)err);
}

struct toast_UResourceBundle * toast_ures_openDirect(const char * packageName, const char * locale, int32_t * status) {
    return (struct toast_UResourceBundle *)ures_openDirect(packageName, locale, (UErrorCode *)status);
}

void toast_ures_close(struct toast_UResourceBundle * resourceBundle) {
    ures_close((UResourceBundle *)resourceBundle);
}

const uint16_t * toast_ures_getStringByKey(const struct toast_UResourceBundle * resB, const char * key, int32_t * len, int32_t * status) {
    return (const uint16_t *)ures_getStringByKey((const UResourceBundle *)resB, key, len, (UErrorCode *)status);
}

struct toast_UBreakIterator * toast_ubrk_open(int32_t type, const char * locale, const uint16_t * text, int32_t textLength, int32_t * status) {
    return (struct toast_UBreakIterator *)ubrk_open((UBreakIteratorType)type, locale, (const UChar *)text, textLength, (UErrorCode *)status);
}

void toast_ubrk_setText(struct toast_UBreakIterator * bi, const uint16_t * text, int32_t textLength, int32_t * status) {
    ubrk_setText((UBreakIterator *)bi, (const UChar *)text, textLength, (UErrorCode *)status);
}

int32_t toast_ubrk_first(struct toast_UBreakIterator * bi) {
    return (int32_t)ubrk_first((UBreakIterator *)bi);
}

int32_t toast_ubrk_next(struct toast_UBreakIterator * bi) {
    return (int32_t)ubrk_next((UBreakIterator *)bi);
}

void toast_ubrk_close(struct toast_UBreakIterator * bi) {
    ubrk_close((UBreakIterator *)bi);
}

int32_t toast_u_getIntPropertyValue(int32_t c, int32_t which) {
    return (int32_t)u_getIntPropertyValue((UChar32)c, (UProperty)which);
}

int8_t toast_u_hasBinaryProperty(int32_t c, int32_t which) {
    return (int8_t)u_hasBinaryProperty((UChar32)c, (UProperty)which);
}

int8_t toast_u_charType(int32_t c) {
    return (int8_t)u_charType((UChar32)c);
}

struct toast_USet * toast_uset_openEmpty(void) {
    return (struct toast_USet *)uset_openEmpty();
}

void toast_uset_close(struct toast_USet * set) {
    uset_close((USet *)set);
}

void toast_uset_applyIntPropertyValue(struct toast_USet * set, int32_t prop, int32_t value, int32_t * ec) {
    uset_applyIntPropertyValue((USet *)set, (UProperty)prop, value, (UErrorCode *)ec);
}

const struct toast_USet * toast_u_getBinaryPropertySet(int32_t property, int32_t * pErrorCode) {
    return (const struct toast_USet *)u_getBinaryPropertySet((UProperty)property, (UErrorCode *)pErrorCode);
}

int32_t toast_uset_getRangeCount(const struct toast_USet * set) {
    return (int32_t)uset_getRangeCount((const USet *)set);
}

int32_t toast_uset_getItem(const struct toast_USet * set, int32_t itemIndex, int32_t * start, int32_t * end, uint16_t * str, int32_t strCapacity, int32_t * ec) {
    return (int32_t)uset_getItem((const USet *)set, itemIndex, (UChar32 *)start, (UChar32 *)end, (UChar *)str, strCapacity, (UErrorCode *)ec);
}

int32_t toast_u_charDirection(int32_t c) {
    return (int32_t)u_charDirection((UChar32)c);
}

int32_t toast_ubidi_getBaseDirection(const uint16_t * text, int32_t length) {
    return (int32_t)ubidi_getBaseDirection((const UChar *)text, length);
}

struct toast_UListFormatter * toast_ulistfmt_openForType(const char * locale, int32_t type, int32_t width, int32_t * status) {
    return (struct toast_UListFormatter *)ulistfmt_openForType(locale, (UListFormatterType)type, (UListFormatterWidth)width, (UErrorCode *)status);
}

int32_t toast_ulistfmt_format(const struct toast_UListFormatter * listfmt, const uint16_t *const strings[], const int32_t * stringLengths, int32_t stringCount, uint16_t * result, int32_t resultCapacity, int32_t * status) {
    return (int32_t)ulistfmt_format((const UListFormatter *)listfmt, (const UChar *const *)strings, stringLengths, stringCount, (UChar *)result, resultCapacity, (UErrorCode *)status);
}

void toast_ulistfmt_close(struct toast_UListFormatter * listfmt) {
    ulistfmt_close((UListFormatter *)listfmt);
}

int32_t toast_uloc_acceptLanguage(char * result, int32_t resultAvailable, int32_t * outResult, const char ** acceptList, int32_t acceptListCount, struct toast_UEnumeration * availableLocales, int32_t * status) {
    return (int32_t)uloc_acceptLanguage(result, resultAvailable, (UAcceptResult *)outResult, acceptList, acceptListCount, (UEnumeration *)availableLocales, (UErrorCode *)status);
}

struct toast_UEnumeration * toast_uenum_openCharStringsEnumeration(const char *const strings[], int32_t count, int32_t * ec) {
    return (struct toast_UEnumeration *)uenum_openCharStringsEnumeration((const char *const *)strings, count, (UErrorCode *)ec);
}

void toast_ulocdata_getCLDRVersion(uint8_t versionArray[4], int32_t * status) {
    ulocdata_getCLDRVersion(versionArray, (UErrorCode *)status);
}

int32_t toast_uloc_countAvailable(void) {
    return (int32_t)uloc_countAvailable();
}

const char * toast_uloc_getAvailable(int32_t n) {
    return (const char *)uloc_getAvailable(n);
}

struct toast_UResourceBundle * toast_ures_getByKey(const struct toast_UResourceBundle * resourceBundle, const char * key, struct toast_UResourceBundle * fillIn, int32_t * status) {
    return (struct toast_UResourceBundle *)ures_getByKey((const UResourceBundle *)resourceBundle, key, (UResourceBundle *)fillIn, (UErrorCode *)status);
}

int32_t toast_ures_getSize(const struct toast_UResourceBundle * resourceBundle) {
    return (int32_t)ures_getSize((const UResourceBundle *)resourceBundle);
}

struct toast_UResourceBundle * toast_ures_getByIndex(const struct toast_UResourceBundle * resourceBundle, int32_t indexR, struct toast_UResourceBundle * fillIn, int32_t * status) {
    return (struct toast_UResourceBundle *)ures_getByIndex((const UResourceBundle *)resourceBundle, indexR, (UResourceBundle *)fillIn, (UErrorCode *)status);
}

const char * toast_ures_getKey(const struct toast_UResourceBundle * resourceBundle) {
    return (const char *)ures_getKey((const UResourceBundle *)resourceBundle);
}

const uint16_t * toast_ures_getString(const struct toast_UResourceBundle * resourceBundle, int32_t * len, int32_t * status) {
    return (const uint16_t *)ures_getString((const UResourceBundle *)resourceBundle, len, (UErrorCode *)status);
}

struct toast_UCollator * toast_ucol_open(const char * loc, int32_t * status) {
    return (struct toast_UCollator *)ucol_open(loc, (UErrorCode *)status);
}

void toast_ucol_close(struct toast_UCollator * coll) {
    ucol_close((UCollator *)coll);
}

int32_t toast_ucol_strcoll(const struct toast_UCollator * coll, const uint16_t * source, int32_t sourceLength, const uint16_t * target, int32_t targetLength) {
    return (int32_t)ucol_strcoll((const UCollator *)coll, (const UChar *)source, sourceLength, (const UChar *)target, targetLength);
}

void toast_ucol_setAttribute(struct toast_UCollator * coll, int32_t attr, int32_t value, int32_t * status) {
    ucol_setAttribute((UCollator *)coll, (UColAttribute)attr, (UColAttributeValue)value, (UErrorCode *)status);
}

int32_t toast_ucol_getSortKey(const struct toast_UCollator * coll, const uint16_t * source, int32_t sourceLength, uint8_t * result, int32_t resultLength) {
    return ucol_getSortKey((const UCollator *)coll, (const UChar *)source, sourceLength, result, resultLength);
}

struct toast_UBiDi * toast_ubidi_openSized(int32_t maxLength, int32_t maxRunCount, int32_t * status) {
    return (struct toast_UBiDi *)ubidi_openSized(maxLength, maxRunCount, (UErrorCode *)status);
}

void toast_ubidi_close(struct toast_UBiDi * bidi) {
    ubidi_close((UBiDi *)bidi);
}

void toast_ubidi_setPara(struct toast_UBiDi * bidi, const uint16_t * text, int32_t length, uint8_t paraLevel, uint8_t * embeddingLevels, int32_t * status) {
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, (UBiDiLevel)paraLevel, (UBiDiLevel *)embeddingLevels, (UErrorCode *)status);
}

void toast_ubidi_setLine(const struct toast_UBiDi * para, int32_t start, int32_t limit, struct toast_UBiDi * line, int32_t * status) {
    ubidi_setLine((const UBiDi *)para, start, limit, (UBiDi *)line, (UErrorCode *)status);
}

int32_t toast_ubidi_writeReordered(struct toast_UBiDi * bidi, uint16_t * dest, int32_t destSize, uint16_t options, int32_t * status) {
    return (int32_t)ubidi_writeReordered((UBiDi *)bidi, (UChar *)dest, destSize, options, (UErrorCode *)status);
}

const uint8_t * toast_ubidi_getLevels(struct toast_UBiDi * bidi, int32_t * status) {
    return (const uint8_t *)ubidi_getLevels((UBiDi *)bidi, (UErrorCode *)status);
}

void toast_ubidi_reorderVisual(const uint8_t * levels, int32_t length, int32_t * indexMap) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, length, indexMap);
}

int32_t toast_u_charMirror(int32_t c) {
    return (int32_t)u_charMirror((UChar32)c);
}

uint8_t toast_ubidi_getParaLevel(const struct toast_UBiDi * bidi) {
    return (uint8_t)ubidi_getParaLevel((const UBiDi *)bidi);
}

int32_t toast_u_shapeArabic(const uint16_t * source, int32_t sourceLength, uint16_t * dest, int32_t destSize, uint32_t options, int32_t * status) {
    return (int32_t)u_shapeArabic((const UChar *)source, sourceLength, (UChar *)dest, destSize, options, (UErrorCode *)status);
}
