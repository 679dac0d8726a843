"""The container's build context leaves out what a built checkout holds (deploy/Dockerfile copies
the repository with COPY . .): a build tree's CMakeCache.txt names another source directory and
stops the image's own cmake, and node_modules or generated code are large and stale. Reads
.dockerignore with Docker's rules for these patterns: a pattern matches a path or any folder
above it; "**/" matches any number of folders."""
import fnmatch
import pathlib
import sys
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def patterns():
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def matches(path, pattern):
    if pattern.startswith("**/"):
        parts = path.split("/")
        return any(fnmatch.fnmatchcase("/".join(parts[i:]), pattern[3:]) for i in range(len(parts)))
    return fnmatch.fnmatchcase(path, pattern)


def ignored(path):
    parts = path.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    return any(matches(prefix, p) for p in patterns() for prefix in prefixes)


class DockerIgnore(unittest.TestCase):
    def test_build_outputs_stay_out(self):
        for path in ("build/CMakeCache.txt", "build-asan/service/kibitzerd", "build-tsan/x",
                     "clients/web/node_modules/esbuild/package.json", "clients/web/dist/page.js",
                     "clients/web/src/gen/kibitzer/v1/kibitzer_pb.ts",
                     "clients/python/kibitzer/__pycache__/client.cpython-311.pyc", ".git/HEAD"):
            self.assertTrue(ignored(path), path)

    def test_sources_go_in(self):
        for path in ("CMakeLists.txt", "engine/core/game.h", "proto/kibitzer/v1/kibitzer.proto",
                     "clients/web/src/page/main.ts", "clients/lexicon/make_lexicon.cc",
                     "scripts/install-deps.sh", "deploy/Dockerfile"):
            self.assertFalse(ignored(path), path)


if __name__ == "__main__":
    sys.exit(unittest.main())
