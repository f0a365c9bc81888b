package dev.gpudra.operator.golden;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One policy's checked-in renders, {@code golden/<policy>/<file>} under the module's test
 * resources: compared with a render, or rewritten from it.
 *
 * @param root {@code src/test/resources/golden} of the module
 */
record GoldenFiles(Path root) {
  /** The system property that rewrites the files instead of comparing them. */
  static final String UPDATE = "golden.update";

  /** What differs between the files of {@code policy} and {@code rendered}: one line each. */
  List<String> differences(String policy, SortedMap<String, String> rendered) throws IOException {
    Map<String, String> stored = read(root.resolve(policy));
    List<String> out = new ArrayList<>();
    TreeSet<String> names = new TreeSet<>(stored.keySet());
    names.addAll(rendered.keySet());
    for (String name : names) {
      String where = "golden/" + policy + "/" + name;
      String want = stored.get(name);
      String got = rendered.get(name);
      if (want == null) {
        out.add(where + ": rendered, but no such file");
      } else if (got == null) {
        out.add(where + ": in the file, but not rendered");
      } else if (!want.equals(got)) {
        out.add(where + ": " + firstDifference(want, got));
      }
    }
    return out;
  }

  /** The policy's directory emptied and filled with {@code rendered}. */
  void write(String policy, SortedMap<String, String> rendered) throws IOException {
    Path dir = root.resolve(policy);
    for (String old : read(dir).keySet()) {
      Files.delete(dir.resolve(old));
    }
    Files.createDirectories(dir);
    for (Map.Entry<String, String> file : rendered.entrySet()) {
      Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
    }
  }

  private static Map<String, String> read(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Map.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      Map<String, String> out = new java.util.TreeMap<>();
      for (Path file : files.toList()) {
        out.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
      }
      return out;
    }
  }

  /** The first line where the two differ, with both versions of it. */
  static String firstDifference(String want, String got) {
    String[] a = want.split("\n", -1);
    String[] b = got.split("\n", -1);
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      String left = i < a.length ? a[i] : "(end of file)";
      String right = i < b.length ? b[i] : "(end of file)";
      if (!left.equals(right)) {
        return "line " + (i + 1) + ": file has [" + left + "], render has [" + right + "]";
      }
    }
    return "same lines, different bytes";
  }
}
