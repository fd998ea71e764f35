/* CICUSystem: the system ICU (libicu-dev on Debian and Ubuntu, icu4c from Homebrew) as
 * SwiftPM sees it: pkg-config's `icu-uc icu-i18n` compiler and linker flags, and the libraries
 * to link. It declares nothing: only the C target CICU (Sources/CICU/CICU.c) reads ICU's
 * headers, with these flags. */
