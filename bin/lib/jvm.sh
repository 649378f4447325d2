# Sourced by the bin/ scripts: which java they run and with which flags, the shell side of
# pmix-common's JvmFlags (the same two files, the same rule).
#   jpmix_java ROOT    sets JPMIX_JAVA (an array: the java command and JPMIx's JVM flags for its JDK)
# The java command is $JAVA_HOME/bin/java when JAVA_HOME is set, else java from PATH; the flags are
# pmix-common's META-INF/jpmix/jvm.flags (every JDK) and, on JDK 23 and later, jvm-23.flags (options
# that JDK 17 refuses): the parent pom's jpmix.jvm.flags and jpmix.jvm.flags.jdk23.

# The java command alone (no flags), in JPMIX_JAVA_BIN; exits 2 with a message when there is none.
jpmix_java_bin() {
  if [ -n "${JAVA_HOME:-}" ]; then
    JPMIX_JAVA_BIN="$JAVA_HOME/bin/java"
    if [ ! -x "$JPMIX_JAVA_BIN" ]; then
      echo "$(basename "$0"): JAVA_HOME=$JAVA_HOME has no bin/java" >&2
      exit 2
    fi
  elif ! JPMIX_JAVA_BIN="$(command -v java)"; then
    echo "$(basename "$0"): no java on PATH (set JAVA_HOME or PATH)" >&2
    exit 2
  fi
}

# The feature version (17, 25, ...) of the JDK of JPMIX_JAVA_BIN: from its release file, else from
# what java -version prints (slower: a JVM start).
jpmix_java_feature() {
  local home release v=""
  home="$(dirname "$(dirname "$(readlink -f "$JPMIX_JAVA_BIN")")")"
  release="$home/release"
  if [ -f "$release" ]; then
    v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")"
  fi
  if [ -z "$v" ]; then
    v="$("$JPMIX_JAVA_BIN" -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')"
  fi
  echo "${v:-0}"
}

jpmix_java() {
  local flags_dir="$1/pmix-common/target/classes/META-INF/jpmix"
  jpmix_java_bin
  if [ ! -f "$flags_dir/jvm.flags" ] || [ ! -f "$flags_dir/jvm-23.flags" ]; then
    echo "$(basename "$0"): JPMIx is not built; run: mvn -B -q -DskipTests package" >&2
    exit 2
  fi
  # shellcheck disable=SC2207 # the flags files hold one flag per word
  JPMIX_JAVA=("$JPMIX_JAVA_BIN" $(cat "$flags_dir/jvm.flags"))
  if [ "$(jpmix_java_feature)" -ge 23 ]; then
    # shellcheck disable=SC2207
    JPMIX_JAVA+=($(cat "$flags_dir/jvm-23.flags"))
  fi
}
