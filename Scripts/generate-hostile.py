#!/usr/bin/env python3
"""Hostile shapes of issue 30, at a scale: each input grows with --scale, so that timing
1x, 2x and 4x shows whether the work is linear (Scripts/bench-hostile.sh).

  minified     a String Catalog on one line: 2,000 keys x scale, 5 locales, findings in each
  substitutions  one entry with 2,000 x scale substitutions (en and a de that drops one)
  stringsdict  a .stringsdict entry with 4,000 x scale plural variables and a format naming each
  oneline-strings  a .lproj pair of one-line .strings files, 5,000 x scale entries each
  respelled    a one-line String Catalog and a .lproj .strings file of 5,000 x scale keys each
               spelled twice (NFC and NFD: a key-normalization warning each)
  laughs       a String Catalog whose substitutions name each other 4 x scale times per form,
               8 levels deep (the reader's [limit] error; time to reject it)
  stdin        4 MB x scale of progress input without a separator (for show --stdin)
Writes into --out (a folder), one file or folder per shape, named SHAPE-SCALE.
"""
import argparse, json, os, unicodedata

def minified(n):
    strings = {}
    for i in range(n):
        strings[f"key.{i}"] = {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": f"Copied {i} files to %@"}},
            "de": {"stringUnit": {"state": "translated", "value": f"{i} Dateien kopiert"}},  # drops %@
            "fr": {"stringUnit": {"state": "translated", "value": f" {i} fichiers copiés dans %@"}},  # leading space
            "ja": {"stringUnit": {"state": "needs_review", "value": f"{i} 個を %@ にコピー"}},
            "ru": {"stringUnit": {"state": "translated", "value": f"Скопировано {i} файлов в %@"}},
        }}
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": strings}, ensure_ascii=False, separators=(",", ":"))

def substitutions(n):
    def loc(drop):
        subs = {}
        for i in range(n):
            subs[f"v{i}"] = {"formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg item"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg items"}}}}}
        value = " ".join(f"%#@v{i}@" for i in range(n - (1 if drop else 0)))
        return {"stringUnit": {"state": "translated", "value": value}, "substitutions": subs}
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": {"many": {"localizations": {"en": loc(False), "de": loc(True)}}}},
                      ensure_ascii=False, indent=2)

def stringsdict(n):
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0">', "<dict>", "<key>many</key>", "<dict>", "<key>NSStringLocalizedFormatKey</key>",
           "<string>" + " ".join(f"%#@v{i}@" for i in range(n)) + "</string>"]
    for i in range(n):
        out += [f"<key>v{i}</key>", "<dict>", "<key>NSStringFormatSpecTypeKey</key>", "<string>NSStringPluralRuleType</string>",
                "<key>NSStringFormatValueTypeKey</key>", "<string>lld</string>", "<key>one</key>", "<string>%lld item</string>",
                "<key>other</key>", "<string>%lld items</string>", "</dict>"]
    out += ["</dict>", "</dict>", "</plist>"]
    return "\n".join(out) + "\n"

def respelled(n):
    strings = {}
    for i in range(n):
        strings[unicodedata.normalize("NFC", f"café {i}")] = {}
        strings[unicodedata.normalize("NFD", f"café {i}")] = {"comment": "second spelling"}
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": strings}, ensure_ascii=False, separators=(",", ":"))

def respelled_strings(n):
    return "\n".join(f'"{unicodedata.normalize(form, f"café {i}")}" = "{form}";' for i in range(n) for form in ("NFC", "NFD")) + "\n"

def laughs(fan_out):
    subs = {}
    for level in range(8):
        body = f"%#@s{level + 1}@ " * fan_out if level < 7 else "%arg x"
        subs[f"s{level}"] = {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": body}}, "other": {"stringUnit": {"state": "translated", "value": body}}}}}
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": {"bomb": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "%#@s0@"}, "substitutions": subs}}}}}, indent=2)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--scale", type=int, default=1)
    a = parser.parse_args()
    s = a.scale
    os.makedirs(a.out, exist_ok=True)
    def write(name, text):
        path = os.path.join(a.out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    write(f"minified-{s}.xcstrings", minified(2000 * s))
    write(f"substitutions-{s}.xcstrings", substitutions(2000 * s))
    write(f"stringsdict-{s}/en.lproj/Localizable.stringsdict", stringsdict(4000 * s))
    n = 5000 * s
    write(f"oneline-strings-{s}/en.lproj/Localizable.strings", "".join(f'"k{i}"="Value {i} %@";' for i in range(n)))
    write(f"oneline-strings-{s}/de.lproj/Localizable.strings", "".join(f'"k{i}"="Wert {i}";' for i in range(n)))
    write(f"respelled-{s}.xcstrings", respelled(5000 * s))
    write(f"respelled-strings-{s}/en.lproj/Localizable.strings", respelled_strings(5000 * s))
    write(f"laughs-{s}.xcstrings", laughs(4 * s))
    with open(os.path.join(a.out, f"stdin-{s}.txt"), "wb") as f:
        f.write(b"x" * (4 << 20) * s)

if __name__ == "__main__":
    main()
