#!/bin/sh
# Build the Java kit into build/seven-rocks-kit-<version>.jar with javac and jar alone
# (no Maven or Gradle, so no network), then run its JUnit 5 tests unless --no-test.
#
#   kits/java/build.sh            # the jar, then the tests
#   kits/java/build.sh --no-test  # the jar only
#
# GSON, JUNIT: the jars to build and test with (Debian: libgoogle-gson-java, junit5);
# OUT: the folder to build in (default build/, beside this script).
set -eu
cd "$(dirname "$0")"
OUT=${OUT:-build}
GSON=${GSON:-/usr/share/java/gson.jar}
JUNIT=${JUNIT:-/usr/share/java/junit-platform-console-standalone.jar}
for jar in "$GSON"; do
    [ -f "$jar" ] || { echo "build: $jar is missing (Debian: libgoogle-gson-java)" >&2; exit 2; }
done
# The version is the one the kit reports (Kit.VERSION): one place to change it.
version=$(sed -n 's/.*String VERSION = "\([^"]*\)".*/\1/p' src/sevenrocks/kit/Kit.java)
[ -n "$version" ] || { echo "build: no VERSION in src/sevenrocks/kit/Kit.java" >&2; exit 2; }
rm -rf "$OUT/classes" "$OUT/test-classes"
mkdir -p "$OUT/classes" "$OUT/test-classes"
javac -Xlint:all -Werror --release 17 -cp "$GSON" -d "$OUT/classes" $(find src -name '*.java')
jar --create --file "$OUT/seven-rocks-kit-$version.jar" -C "$OUT/classes" .
# Its absolute path, for JAR=$(build.sh --no-test) from any folder.
echo "$(cd "$OUT" && pwd)/seven-rocks-kit-$version.jar"
[ "${1:-}" = "--no-test" ] && exit 0
[ -f "$JUNIT" ] || { echo "build: $JUNIT is missing (Debian: junit5)" >&2; exit 2; }
javac -Xlint:all -Werror --release 17 -cp "$GSON:$OUT/classes:$JUNIT" -d "$OUT/test-classes" \
    $(find test -name '*.java')
java -jar "$JUNIT" --disable-banner --details=summary --fail-if-no-tests \
    --class-path "$GSON:$OUT/classes:$OUT/test-classes" --scan-class-path "$OUT/test-classes"
