/* CICU: the system ICU (libicu-dev) for ToastICU.
 *
 * ICU renames every C entry point with its major version (uplrules_open -> uplrules_open_72)
 * through macros that Swift cannot see through. Each wrapper below re-declares the plain name
 * as a static inline function that forwards through U_ICU_ENTRY_POINT_RENAME, so the same
 * source builds against ICU 70, 72 or 74. Only the functions ToastICU calls are listed.
 * After editing this header run `rm -rf .build`: SwiftPM does not track it.
 */
#ifndef TOASTKIT_CICU_SHIM_H
#define TOASTKIT_CICU_SHIM_H

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

#ifdef u_errorName
#undef u_errorName
static inline const char * u_errorName(UErrorCode code) {
    return U_ICU_ENTRY_POINT_RENAME(u_errorName)(code);
}
#endif

#ifdef u_getVersion
#undef u_getVersion
static inline void u_getVersion(UVersionInfo versionArray) {
    U_ICU_ENTRY_POINT_RENAME(u_getVersion)(versionArray);
}
#endif

#ifdef uenum_next
#undef uenum_next
static inline const char * uenum_next(UEnumeration *en, int32_t *resultLength, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uenum_next)(en, resultLength, status);
}
#endif

#ifdef uenum_count
#undef uenum_count
static inline int32_t uenum_count(UEnumeration *en, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uenum_count)(en, status);
}
#endif

#ifdef uenum_close
#undef uenum_close
static inline void uenum_close(UEnumeration *en) {
    U_ICU_ENTRY_POINT_RENAME(uenum_close)(en);
}
#endif

#ifdef uplrules_openForType
#undef uplrules_openForType
static inline UPluralRules * uplrules_openForType(const char *locale, UPluralType type, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uplrules_openForType)(locale, type, status);
}
#endif

#ifdef uplrules_close
#undef uplrules_close
static inline void uplrules_close(UPluralRules *rules) {
    U_ICU_ENTRY_POINT_RENAME(uplrules_close)(rules);
}
#endif

#ifdef uplrules_select
#undef uplrules_select
static inline int32_t uplrules_select(const UPluralRules *rules, double number, UChar *keyword, int32_t capacity, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uplrules_select)(rules, number, keyword, capacity, status);
}
#endif

#ifdef uplrules_selectFormatted
#undef uplrules_selectFormatted
static inline int32_t uplrules_selectFormatted(const UPluralRules *rules, const struct UFormattedNumber *number, UChar *keyword, int32_t capacity, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uplrules_selectFormatted)(rules, number, keyword, capacity, status);
}
#endif

#ifdef uplrules_getKeywords
#undef uplrules_getKeywords
static inline UEnumeration * uplrules_getKeywords(const UPluralRules *rules, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uplrules_getKeywords)(rules, status);
}
#endif

#ifdef unumf_openForSkeletonAndLocale
#undef unumf_openForSkeletonAndLocale
static inline UNumberFormatter * unumf_openForSkeletonAndLocale(const UChar *skeleton, int32_t skeletonLen, const char *locale, UErrorCode *ec) {
    return U_ICU_ENTRY_POINT_RENAME(unumf_openForSkeletonAndLocale)(skeleton, skeletonLen, locale, ec);
}
#endif

#ifdef unumf_close
#undef unumf_close
static inline void unumf_close(UNumberFormatter *uformatter) {
    U_ICU_ENTRY_POINT_RENAME(unumf_close)(uformatter);
}
#endif

#ifdef unumf_openResult
#undef unumf_openResult
static inline UFormattedNumber * unumf_openResult(UErrorCode *ec) {
    return U_ICU_ENTRY_POINT_RENAME(unumf_openResult)(ec);
}
#endif

#ifdef unumf_closeResult
#undef unumf_closeResult
static inline void unumf_closeResult(UFormattedNumber *uresult) {
    U_ICU_ENTRY_POINT_RENAME(unumf_closeResult)(uresult);
}
#endif

#ifdef unumf_formatInt
#undef unumf_formatInt
static inline void unumf_formatInt(const UNumberFormatter *uformatter, int64_t value, UFormattedNumber *uresult, UErrorCode *ec) {
    U_ICU_ENTRY_POINT_RENAME(unumf_formatInt)(uformatter, value, uresult, ec);
}
#endif

#ifdef unumf_formatDouble
#undef unumf_formatDouble
static inline void unumf_formatDouble(const UNumberFormatter *uformatter, double value, UFormattedNumber *uresult, UErrorCode *ec) {
    U_ICU_ENTRY_POINT_RENAME(unumf_formatDouble)(uformatter, value, uresult, ec);
}
#endif

#ifdef unumf_formatDecimal
#undef unumf_formatDecimal
static inline void unumf_formatDecimal(const UNumberFormatter *uformatter, const char *value, int32_t valueLen, UFormattedNumber *uresult, UErrorCode *ec) {
    U_ICU_ENTRY_POINT_RENAME(unumf_formatDecimal)(uformatter, value, valueLen, uresult, ec);
}
#endif

#ifdef unumf_resultToString
#undef unumf_resultToString
static inline int32_t unumf_resultToString(const UFormattedNumber *uresult, UChar *buffer, int32_t bufferCapacity, UErrorCode *ec) {
    return U_ICU_ENTRY_POINT_RENAME(unumf_resultToString)(uresult, buffer, bufferCapacity, ec);
}
#endif

#ifdef uloc_forLanguageTag
#undef uloc_forLanguageTag
static inline int32_t uloc_forLanguageTag(const char *langtag, char *localeID, int32_t localeIDCapacity, int32_t *parsedLength, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_forLanguageTag)(langtag, localeID, localeIDCapacity, parsedLength, err);
}
#endif

#ifdef uloc_toLanguageTag
#undef uloc_toLanguageTag
static inline int32_t uloc_toLanguageTag(const char *localeID, char *langtag, int32_t langtagCapacity, UBool strict, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_toLanguageTag)(localeID, langtag, langtagCapacity, strict, err);
}
#endif

#ifdef uloc_canonicalize
#undef uloc_canonicalize
static inline int32_t uloc_canonicalize(const char *localeID, char *name, int32_t nameCapacity, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_canonicalize)(localeID, name, nameCapacity, err);
}
#endif

#ifdef uloc_addLikelySubtags
#undef uloc_addLikelySubtags
static inline int32_t uloc_addLikelySubtags(const char *localeID, char *maximizedLocaleID, int32_t maximizedLocaleIDCapacity, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_addLikelySubtags)(localeID, maximizedLocaleID, maximizedLocaleIDCapacity, err);
}
#endif

#ifdef uloc_minimizeSubtags
#undef uloc_minimizeSubtags
static inline int32_t uloc_minimizeSubtags(const char *localeID, char *minimizedLocaleID, int32_t minimizedLocaleIDCapacity, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_minimizeSubtags)(localeID, minimizedLocaleID, minimizedLocaleIDCapacity, err);
}
#endif

#ifdef uloc_isRightToLeft
#undef uloc_isRightToLeft
static inline UBool uloc_isRightToLeft(const char *locale) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_isRightToLeft)(locale);
}
#endif

#ifdef uloc_getParent
#undef uloc_getParent
static inline int32_t uloc_getParent(const char *localeID, char *parent, int32_t parentCapacity, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_getParent)(localeID, parent, parentCapacity, err);
}
#endif

#ifdef uloc_getScript
#undef uloc_getScript
static inline int32_t uloc_getScript(const char *localeID, char *script, int32_t scriptCapacity, UErrorCode *err) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_getScript)(localeID, script, scriptCapacity, err);
}
#endif

#ifdef ures_openDirect
#undef ures_openDirect
static inline UResourceBundle * ures_openDirect(const char *packageName, const char *locale, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ures_openDirect)(packageName, locale, status);
}
#endif

#ifdef ures_close
#undef ures_close
static inline void ures_close(UResourceBundle *resourceBundle) {
    U_ICU_ENTRY_POINT_RENAME(ures_close)(resourceBundle);
}
#endif

#ifdef ures_getStringByKey
#undef ures_getStringByKey
static inline const UChar * ures_getStringByKey(const UResourceBundle *resB, const char *key, int32_t *len, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ures_getStringByKey)(resB, key, len, status);
}
#endif

#ifdef ubrk_open
#undef ubrk_open
static inline UBreakIterator * ubrk_open(UBreakIteratorType type, const char *locale, const UChar *text, int32_t textLength, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ubrk_open)(type, locale, text, textLength, status);
}
#endif

#ifdef ubrk_setText
#undef ubrk_setText
static inline void ubrk_setText(UBreakIterator *bi, const UChar *text, int32_t textLength, UErrorCode *status) {
    U_ICU_ENTRY_POINT_RENAME(ubrk_setText)(bi, text, textLength, status);
}
#endif

#ifdef ubrk_first
#undef ubrk_first
static inline int32_t ubrk_first(UBreakIterator *bi) {
    return U_ICU_ENTRY_POINT_RENAME(ubrk_first)(bi);
}
#endif

#ifdef ubrk_next
#undef ubrk_next
static inline int32_t ubrk_next(UBreakIterator *bi) {
    return U_ICU_ENTRY_POINT_RENAME(ubrk_next)(bi);
}
#endif

#ifdef ubrk_close
#undef ubrk_close
static inline void ubrk_close(UBreakIterator *bi) {
    U_ICU_ENTRY_POINT_RENAME(ubrk_close)(bi);
}
#endif

#ifdef u_getIntPropertyValue
#undef u_getIntPropertyValue
static inline int32_t u_getIntPropertyValue(UChar32 c, UProperty which) {
    return U_ICU_ENTRY_POINT_RENAME(u_getIntPropertyValue)(c, which);
}
#endif

#ifdef u_hasBinaryProperty
#undef u_hasBinaryProperty
static inline UBool u_hasBinaryProperty(UChar32 c, UProperty which) {
    return U_ICU_ENTRY_POINT_RENAME(u_hasBinaryProperty)(c, which);
}
#endif

#ifdef u_charType
#undef u_charType
static inline int8_t u_charType(UChar32 c) {
    return U_ICU_ENTRY_POINT_RENAME(u_charType)(c);
}
#endif

#ifdef u_charDirection
#undef u_charDirection
static inline UCharDirection u_charDirection(UChar32 c) {
    return U_ICU_ENTRY_POINT_RENAME(u_charDirection)(c);
}
#endif

#ifdef ubidi_getBaseDirection
#undef ubidi_getBaseDirection
static inline UBiDiDirection ubidi_getBaseDirection(const UChar *text, int32_t length) {
    return U_ICU_ENTRY_POINT_RENAME(ubidi_getBaseDirection)(text, length);
}
#endif

#ifdef ulistfmt_openForType
#undef ulistfmt_openForType
static inline UListFormatter * ulistfmt_openForType(const char *locale, UListFormatterType type, UListFormatterWidth width, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ulistfmt_openForType)(locale, type, width, status);
}
#endif

#ifdef ulistfmt_format
#undef ulistfmt_format
static inline int32_t ulistfmt_format(const UListFormatter *listfmt, const UChar *const strings[], const int32_t *stringLengths, int32_t stringCount, UChar *result, int32_t resultCapacity, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ulistfmt_format)(listfmt, strings, stringLengths, stringCount, result, resultCapacity, status);
}
#endif

#ifdef ulistfmt_close
#undef ulistfmt_close
static inline void ulistfmt_close(UListFormatter *listfmt) {
    U_ICU_ENTRY_POINT_RENAME(ulistfmt_close)(listfmt);
}
#endif

#ifdef uloc_acceptLanguage
#undef uloc_acceptLanguage
static inline int32_t uloc_acceptLanguage(char *result, int32_t resultAvailable, UAcceptResult *outResult, const char **acceptList, int32_t acceptListCount, UEnumeration *availableLocales, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_acceptLanguage)(result, resultAvailable, outResult, acceptList, acceptListCount, availableLocales, status);
}
#endif

#ifdef uenum_openCharStringsEnumeration
#undef uenum_openCharStringsEnumeration
static inline UEnumeration *uenum_openCharStringsEnumeration(const char *const strings[], int32_t count, UErrorCode *ec) {
    return U_ICU_ENTRY_POINT_RENAME(uenum_openCharStringsEnumeration)(strings, count, ec);
}
#endif

#ifdef ulocdata_getCLDRVersion
#undef ulocdata_getCLDRVersion
static inline void ulocdata_getCLDRVersion(UVersionInfo versionArray, UErrorCode *status) {
    U_ICU_ENTRY_POINT_RENAME(ulocdata_getCLDRVersion)(versionArray, status);
}
#endif

#ifdef uloc_countAvailable
#undef uloc_countAvailable
static inline int32_t uloc_countAvailable(void) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_countAvailable)();
}
#endif

#ifdef uloc_getAvailable
#undef uloc_getAvailable
static inline const char * uloc_getAvailable(int32_t n) {
    return U_ICU_ENTRY_POINT_RENAME(uloc_getAvailable)(n);
}
#endif

#ifdef ures_getByKey
#undef ures_getByKey
static inline UResourceBundle * ures_getByKey(const UResourceBundle *resourceBundle, const char *key, UResourceBundle *fillIn, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ures_getByKey)(resourceBundle, key, fillIn, status);
}
#endif

#ifdef ures_getSize
#undef ures_getSize
static inline int32_t ures_getSize(const UResourceBundle *resourceBundle) {
    return U_ICU_ENTRY_POINT_RENAME(ures_getSize)(resourceBundle);
}
#endif

#ifdef ures_getByIndex
#undef ures_getByIndex
static inline UResourceBundle * ures_getByIndex(const UResourceBundle *resourceBundle, int32_t indexR, UResourceBundle *fillIn, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ures_getByIndex)(resourceBundle, indexR, fillIn, status);
}
#endif

#ifdef ures_getKey
#undef ures_getKey
static inline const char * ures_getKey(const UResourceBundle *resourceBundle) {
    return U_ICU_ENTRY_POINT_RENAME(ures_getKey)(resourceBundle);
}
#endif

#ifdef ures_getString
#undef ures_getString
static inline const UChar * ures_getString(const UResourceBundle *resourceBundle, int32_t *len, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ures_getString)(resourceBundle, len, status);
}
#endif

#ifdef ucol_open
#undef ucol_open
static inline UCollator * ucol_open(const char *loc, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ucol_open)(loc, status);
}
#endif

#ifdef ucol_close
#undef ucol_close
static inline void ucol_close(UCollator *coll) {
    U_ICU_ENTRY_POINT_RENAME(ucol_close)(coll);
}
#endif

#ifdef ucol_strcoll
#undef ucol_strcoll
static inline UCollationResult ucol_strcoll(const UCollator *coll, const UChar *source, int32_t sourceLength, const UChar *target, int32_t targetLength) {
    return U_ICU_ENTRY_POINT_RENAME(ucol_strcoll)(coll, source, sourceLength, target, targetLength);
}
#endif

#ifdef ucol_setAttribute
#undef ucol_setAttribute
static inline void ucol_setAttribute(UCollator *coll, UColAttribute attr, UColAttributeValue value, UErrorCode *status) {
    U_ICU_ENTRY_POINT_RENAME(ucol_setAttribute)(coll, attr, value, status);
}
#endif

/* Function-like macros are not imported into Swift. */
static inline UBool toast_icu_failure(UErrorCode code) { return U_FAILURE(code); }

#ifdef ubidi_openSized
#undef ubidi_openSized
static inline UBiDi * ubidi_openSized(int32_t maxLength, int32_t maxRunCount, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ubidi_openSized)(maxLength, maxRunCount, status);
}
#endif

#ifdef ubidi_close
#undef ubidi_close
static inline void ubidi_close(UBiDi *bidi) {
    U_ICU_ENTRY_POINT_RENAME(ubidi_close)(bidi);
}
#endif

#ifdef ubidi_setPara
#undef ubidi_setPara
static inline void ubidi_setPara(UBiDi *bidi, const UChar *text, int32_t length, UBiDiLevel paraLevel, UBiDiLevel *embeddingLevels, UErrorCode *status) {
    U_ICU_ENTRY_POINT_RENAME(ubidi_setPara)(bidi, text, length, paraLevel, embeddingLevels, status);
}
#endif

#ifdef ubidi_setLine
#undef ubidi_setLine
static inline void ubidi_setLine(const UBiDi *para, int32_t start, int32_t limit, UBiDi *line, UErrorCode *status) {
    U_ICU_ENTRY_POINT_RENAME(ubidi_setLine)(para, start, limit, line, status);
}
#endif

#ifdef ubidi_writeReordered
#undef ubidi_writeReordered
static inline int32_t ubidi_writeReordered(UBiDi *bidi, UChar *dest, int32_t destSize, uint16_t options, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ubidi_writeReordered)(bidi, dest, destSize, options, status);
}
#endif

#ifdef ubidi_getLevels
#undef ubidi_getLevels
static inline const UBiDiLevel * ubidi_getLevels(UBiDi *bidi, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(ubidi_getLevels)(bidi, status);
}
#endif

#ifdef ubidi_reorderVisual
#undef ubidi_reorderVisual
static inline void ubidi_reorderVisual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap) {
    U_ICU_ENTRY_POINT_RENAME(ubidi_reorderVisual)(levels, length, indexMap);
}
#endif

#ifdef u_charMirror
#undef u_charMirror
static inline UChar32 u_charMirror(UChar32 c) {
    return U_ICU_ENTRY_POINT_RENAME(u_charMirror)(c);
}
#endif

#ifdef ubidi_getParaLevel
#undef ubidi_getParaLevel
static inline UBiDiLevel ubidi_getParaLevel(const UBiDi *bidi) {
    return U_ICU_ENTRY_POINT_RENAME(ubidi_getParaLevel)(bidi);
}
#endif

#ifdef u_shapeArabic
#undef u_shapeArabic
static inline int32_t u_shapeArabic(const UChar *source, int32_t sourceLength, UChar *dest, int32_t destSize, uint32_t options, UErrorCode *status) {
    return U_ICU_ENTRY_POINT_RENAME(u_shapeArabic)(source, sourceLength, dest, destSize, options, status);
}
#endif

#endif
