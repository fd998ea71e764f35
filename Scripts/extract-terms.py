#!/usr/bin/env python3
"""Extract ToastKit's built-in role titles and action labels from Debian translation catalogs.

Provenance tool, not part of the build. Run once per refresh:

    mkdir /tmp/l10n && cd /tmp/l10n
    apt-get download libgtk-3-common libgtk-4-common nautilus-data thunar-data gnome-shell-common \
        gnome-software-common gnome-control-center-data libkf5widgetsaddons-data \
        evolution-data-server-common
    for f in *.deb; do dpkg -x "$f" x; done
    python3 Scripts/extract-terms.py /tmp/l10n/x > /tmp/terms.json

For .mo files it calls `msgunfmt` (gettext); for KDE's .qm files `lconvert`
(qttools5-dev-tools). The output maps locale -> term -> {"value", "source"}; terms with no
catalog source are left out and supplied by hand in Resources/README.md's table.
"""
import json, os, re, subprocess, sys

LOCALES = {  # BCP 47 -> gettext folder
    "ar": "ar", "he": "he", "fa": "fa", "ur": "ur", "ru": "ru", "uk": "uk", "pl": "pl",
    "cs": "cs", "ja": "ja", "zh-Hans": "zh_CN", "zh-Hant": "zh_TW", "ko": "ko", "hi": "hi",
    "th": "th", "vi": "vi", "tr": "tr", "el": "el", "de": "de", "fr": "fr", "es": "es",
    "it": "it", "pt-BR": "pt_BR", "pt-PT": "pt", "nl": "nl", "sv": "sv", "da": "da",
    "fi": "fi", "nb": "nb", "id": "id", "ms": "ms",
}
# term -> ordered candidates (domain, msgid); the first translated one wins.
TERMS = {
    "Error": [("gtk30", "Error"), ("gtk40", "Error"), ("kwidgetsaddons5_qt", "Error"), ("gnome-shell", "Error")],
    "Warning": [("gtk30", "Warning"), ("gtk40", "Warning"), ("kwidgetsaddons5_qt", "Warning")],
    "Information": [("gtk30", "Information"), ("gtk40", "Information"), ("kwidgetsaddons5_qt", "Information")],
    "OK": [("gtk30", "_OK"), ("gtk40", "_OK"), ("gnome-shell", "OK")],
    "Cancel": [("gtk30", "_Cancel"), ("gtk40", "_Cancel"), ("gnome-shell", "Cancel"), ("kwidgetsaddons5_qt", "&Cancel")],
    "Undo": [("gtk30", "_Undo")],
    "Redo": [("gtk30", "_Redo")],
    "Retry": [("nautilus", "_Retry"), ("thunar", "_Retry")],
    "Dismiss": [("gtk30", "Dismiss"), ("evolution-data-server", "Dismiss")],
    "Close": [("gtk30", "_Close"), ("gtk40", "_Close"), ("gnome-shell", "Close"), ("kwidgetsaddons5_qt", "&Close")],
    "View": [("thunar", "_Show"), ("nautilus", "_Show")],
    "Open": [("gtk30", "_Open")],
    "Details": [("kwidgetsaddons5_qt", "Details"), ("gnome-software", "Details")],
    "Settings": [("gnome-shell", "Settings"), ("gnome-control-center-2.0", "Settings")],
    "Help": [("gtk30", "_Help"), ("gtk40", "_Help"), ("gnome-shell", "Help"), ("kwidgetsaddons5_qt", "&Help")],
}
PACKAGES = {
    "gtk30": "libgtk-3-common", "gtk40": "libgtk-4-common",
    "gnome-control-center-2.0": "gnome-control-center-data", "nautilus": "nautilus-data", "thunar": "thunar-data",
    "evolution-data-server": "evolution-data-server-common", "gnome-shell": "gnome-shell-common",
    "gnome-software": "gnome-software-common", "kwidgetsaddons5_qt": "libkf5widgetsaddons-data",
}

def parse_po(text):
    """(msgctxt, msgid) -> msgstr for singular, non-fuzzy entries."""
    entries, ctxt, mid, mstr, field = {}, None, None, None, None
    def flush():
        if mid is not None and mstr:
            entries.setdefault((ctxt, mid), mstr)
    for line in text.splitlines() + [""]:
        if line.startswith("msgctxt "):
            flush(); ctxt, mid, mstr, field = json.loads(line[8:]), None, None, "ctxt"
        elif line.startswith("msgid "):
            if field != "ctxt": flush(); ctxt = None
            mid, mstr, field = json.loads(line[6:]), None, "id"
        elif line.startswith("msgstr "):
            mstr, field = json.loads(line[7:]), "str"
        elif line.startswith('"'):
            part = json.loads(line)
            if field == "id": mid += part
            elif field == "str": mstr += part
            elif field == "ctxt": ctxt += part
        elif not line.strip():
            flush(); ctxt, mid, mstr, field = None, None, None, None
    return entries

def strip_mnemonic(s):
    s = re.sub(r"\s*\([_&][^)]\)", "", s)          # 取消(_C)
    s = s.replace("&&", "\0").replace("&", "").replace("\0", "&")
    s = s.replace("_", "")
    return s.rstrip(".…").strip()

def load(root, domain, folder):
    base = os.path.join(root, "usr/share/locale", folder, "LC_MESSAGES", domain)
    if os.path.exists(base + ".mo"):
        return parse_po(subprocess.run(["msgunfmt", "--no-wrap", base + ".mo"], capture_output=True, text=True).stdout)
    if os.path.exists(base + ".qm"):
        out = subprocess.run(["/usr/lib/qt5/bin/lconvert", "-i", base + ".qm", "-of", "po", "-o", "/dev/stdout"], capture_output=True, text=True).stdout
        return parse_po(out)
    return {}

def main(root):
    versions = {}
    cache, result = {}, {}
    for tag, folder in LOCALES.items():
        result[tag] = {}
        for term, candidates in TERMS.items():
            for domain, msgid in candidates:
                key = (domain, folder)
                if key not in cache: cache[key] = load(root, domain, folder)
                found = [v for (c, i), v in cache[key].items() if i == msgid and c is None] or \
                        [v for (c, i), v in cache[key].items() if i == msgid]
                if found:
                    result[tag][term] = {"value": strip_mnemonic(found[0]),
                                         "source": f"{PACKAGES[domain]} {domain} \"{msgid}\""}
                    break
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)

main(sys.argv[1])
