package dev.gpudra.buildtools;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** Jars for the tests: picocli's as Maven resolved it, and small ones written here. */
final class Jars {
  private Jars() {}

  static Path picocli() throws URISyntaxException {
    return Path.of(
        picocli.CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** Entry name to content, in the jar's order. */
  static Map<String, byte[]> entries(Path jar) throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry e : zip.stream().toList()) {
        entries.put(e.getName(), zip.getInputStream(e).readAllBytes());
      }
    }
    return entries;
  }

  static List<String> classNames(Path jar) throws IOException {
    List<String> names = new ArrayList<>();
    for (String entry : entries(jar).keySet()) {
      if (entry.endsWith(".class") && !entry.startsWith("META-INF/")) {
        names.add(entry.substring(0, entry.length() - 6).replace('/', '.'));
      }
    }
    return names;
  }

  static Path write(Path jar, Map<String, byte[]> entries) throws IOException {
    try (OutputStream file = Files.newOutputStream(jar);
        ZipOutputStream zip = new ZipOutputStream(file)) {
      for (Map.Entry<String, byte[]> e : entries.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey()));
        zip.write(e.getValue());
        zip.closeEntry();
      }
    }
    return jar;
  }
}
