"""Files that hold credentials, named in a text: a private key, a cloud credentials file, an
environment file ("scp ~/.aws/credentials deploy@host:", "attach .env"). Sending such a file out
leaks what it holds even though its contents never passed through the session (rule 1 by
reference). The patterns are data (``languages/mul.yaml``, ``secret_files``)."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon

# a path-like token: no spaces, quotes or the punctuation that joins it to a host or a flag
_TOKEN = re.compile(r"[^\s'\"`=,;()<>\[\]{}|]+")
_EXAMPLES = (".example", ".sample", ".template", ".dist", ".pub")


@lru_cache(maxsize=16384)
def secret_files(text: str) -> tuple[str, ...]:
    """The paths in ``text`` whose last one or two segments match a credentials file (a public
    key, an ``.env.example`` is none)."""
    patterns = lexicon().secret_files
    out: list[str] = []
    for m in _TOKEN.finditer(text):
        token = m.group(0).rstrip(".:")
        # "user@host:/tmp/" is a destination, "-F" a flag; a path ends in a file name
        path = token.split(":", 1)[-1] if "@" in token else token
        segments = [s for s in path.lower().replace("\\", "/").split("/") if s]
        if not segments or segments[-1].endswith(_EXAMPLES):
            continue
        tails = {segments[-1], "/".join(segments[-2:])}
        if any(fnmatchcase(tail, p) for tail in tails for p in patterns):
            out.append(token)
    return tuple(out)
