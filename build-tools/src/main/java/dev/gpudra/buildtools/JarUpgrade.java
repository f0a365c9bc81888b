package dev.gpudra.buildtools;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites the old class files of one jar in place (temp file, rename): entries keep their order,
 * names, times and compression; the manifest says what was changed. A jar without old classes is
 * not touched.
 */
public final class JarUpgrade {
  /** The manifest attribute that records the rewrite (the Apache License asks for such a note). */
  public static final String MANIFEST_ATTRIBUTE = "X-Gpu-Dra-Rewritten-Class-Files";

  /**
   * @param jar the jar
   * @param rewritten how many class files were rewritten; 0: the jar was left as it was
   */
  public record Result(Path jar, int rewritten) {}

  private record Entry(ZipEntry entry, byte[] content) {}

  private final ClassUpgrade classes;

  public JarUpgrade(ClassUpgrade classes) {
    this.classes = Objects.requireNonNull(classes, "classes");
  }

  /**
   * @throws UpgradeException if the jar is signed, or a class of it cannot be rewritten
   * @throws IOException if the jar cannot be read or replaced
   */
  public Result upgrade(Path jar) throws IOException {
    List<Entry> entries = read(jar);
    long old = entries.stream().filter(e -> isOld(jar, e)).count();
    if (old == 0) {
      return new Result(jar, 0);
    }
    refuseSigned(jar, entries);
    FileTime modified = Files.getLastModifiedTime(jar);
    Path temp = Files.createTempFile(jar.getParent(), jar.getFileName().toString(), ".tmp");
    try (OutputStream file = Files.newOutputStream(temp);
        ZipOutputStream zip = new ZipOutputStream(file)) {
      for (Entry e : entries) {
        write(zip, e.entry(), rewrite(jar, e, old));
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    Files.setLastModifiedTime(temp, modified);
    Files.move(temp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return new Result(jar, (int) old);
  }

  private static List<Entry> read(Path jar) throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry entry : zip.stream().toList()) {
        entries.add(new Entry(entry, zip.getInputStream(entry).readAllBytes()));
      }
    }
    return entries;
  }

  private static boolean isOld(Path jar, Entry e) {
    String name = e.entry().getName();
    return name.endsWith(".class")
        && ClassUpgrade.majorVersion(jar.getFileName() + "!" + name, e.content())
            < ClassUpgrade.OLDEST_CACHEABLE;
  }

  private static void refuseSigned(Path jar, List<Entry> entries) {
    entries.stream()
        .map(e -> e.entry().getName())
        .filter(n -> n.startsWith("META-INF/") && n.matches("META-INF/[^/]+\\.(SF|RSA|DSA|EC)"))
        .findFirst()
        .ifPresent(n -> {
          throw new UpgradeException(
              jar
                  + " is signed ("
                  + n
                  + "): rewriting its old class files would break the"
                  + " signature");
        });
  }

  private byte[] rewrite(Path jar, Entry e, long old) throws IOException {
    String name = e.entry().getName();
    if (name.equals(JarFile.MANIFEST_NAME)) {
      return noted(e.content(), old);
    }
    return name.endsWith(".class")
        ? classes.upgrade(jar.getFileName() + "!" + name, e.content())
        : e.content();
  }

  private static byte[] noted(byte[] manifestBytes, long old) throws IOException {
    Manifest manifest = new Manifest(new ByteArrayInputStream(manifestBytes));
    manifest
        .getMainAttributes()
        .putValue(
            MANIFEST_ATTRIBUTE,
            old
                + " class files older than Java 6 rewritten by gpu-dra's build as version "
                + ClassUpgrade.TARGET
                + " with stack map frames (code unchanged), for the JDK's AOT cache");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    manifest.write(out);
    return out.toByteArray();
  }

  private static void write(ZipOutputStream zip, ZipEntry from, byte[] content) throws IOException {
    ZipEntry to = new ZipEntry(from.getName());
    to.setTime(from.getTime());
    to.setComment(from.getComment());
    to.setMethod(from.getMethod());
    if (from.getMethod() == ZipEntry.STORED) {
      CRC32 crc = new CRC32();
      crc.update(content);
      to.setSize(content.length);
      to.setCompressedSize(content.length);
      to.setCrc(crc.getValue());
    }
    zip.putNextEntry(to);
    zip.write(content);
    zip.closeEntry();
  }
}
