package dev.gpudra.node.driverroot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A shared library's {@code DT_SONAME}, read from its ELF dynamic section as the NVIDIA Container
 * Toolkit reads it to make a driver library's links: the SONAME; the file's own name when it has
 * none (or no dynamic section); nothing when it is no little-endian ELF, is malformed, or names
 * several. Reads only headers and the two sections, each bounded, so a large library costs little.
 */
final class ElfSoname {
  private static final int SHT_STRTAB = 3;
  private static final int SHT_DYNAMIC = 6;
  private static final long DT_NULL = 0;
  private static final long DT_SONAME = 14;
  private static final int MAX_SECTIONS = 4096;
  private static final long MAX_SECTION_BYTES = 1 << 20;

  private ElfSoname() {}

  /** The SONAME, the file's name when it declares none, or empty when it cannot be read. */
  static Optional<String> of(Path library) {
    try (FileChannel file = FileChannel.open(library, StandardOpenOption.READ)) {
      return read(file).map(s -> s.isEmpty() ? library.getFileName().toString() : s);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Empty: not readable; present and empty: no SONAME. */
  private static Optional<String> read(FileChannel file) throws IOException {
    ByteBuffer ident = bytes(file, 0, 16);
    if (ident.getInt(0) != 0x464c457f || ident.get(5) != 1) {
      return Optional.empty();
    }
    boolean wide = ident.get(4) == 2;
    ByteBuffer header = bytes(file, 0, wide ? 64 : 52);
    long shoff = wide ? header.getLong(40) : Integer.toUnsignedLong(header.getInt(32));
    int shentsize = Short.toUnsignedInt(header.getShort(wide ? 58 : 46));
    int shnum = Short.toUnsignedInt(header.getShort(wide ? 60 : 48));
    if (shnum > MAX_SECTIONS || shentsize < (wide ? 64 : 40)) {
      return Optional.empty();
    }
    List<Section> sections = new ArrayList<>();
    for (int i = 0; i < shnum; i++) {
      sections.add(Section.read(bytes(file, shoff + (long) i * shentsize, shentsize), wide));
    }
    Optional<Section> dynamic = sections.stream().filter(s -> s.type() == SHT_DYNAMIC).findFirst();
    if (dynamic.isEmpty()) {
      return Optional.of("");
    }
    if (dynamic.get().link() >= sections.size()
        || sections.get(dynamic.get().link()).type() != SHT_STRTAB) {
      return Optional.empty();
    }
    List<String> sonames = sonames(file, dynamic.get(), sections.get(dynamic.get().link()), wide);
    return sonames.size() > 1
        ? Optional.empty()
        : Optional.of(sonames.isEmpty() ? "" : sonames.getFirst());
  }

  private static List<String> sonames(
      FileChannel file, Section dynamic, Section strings, boolean wide) throws IOException {
    ByteBuffer entries = bytes(file, dynamic.offset(), dynamic.size());
    ByteBuffer table = bytes(file, strings.offset(), strings.size());
    int entry = wide ? 16 : 8;
    List<String> found = new ArrayList<>();
    for (int at = 0; at + entry <= entries.limit(); at += entry) {
      long tag = wide ? entries.getLong(at) : entries.getInt(at);
      long value = wide ? entries.getLong(at + 8) : Integer.toUnsignedLong(entries.getInt(at + 4));
      if (tag == DT_NULL) {
        break;
      }
      if (tag == DT_SONAME) {
        found.add(string(table, value));
      }
    }
    return found;
  }

  private static String string(ByteBuffer table, long offset) {
    if (offset < 0 || offset >= table.limit()) {
      throw new IllegalArgumentException("SONAME offset " + offset + " outside its string table");
    }
    int end = (int) offset;
    while (end < table.limit() && table.get(end) != 0) {
      end++;
    }
    byte[] text = new byte[end - (int) offset];
    table.get((int) offset, text);
    return new String(text, StandardCharsets.UTF_8);
  }

  private static ByteBuffer bytes(FileChannel file, long offset, long length) throws IOException {
    if (offset < 0 || length < 0 || length > MAX_SECTION_BYTES || offset + length > file.size()) {
      throw new IOException("ELF range " + offset + "+" + length + " outside the file");
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) length).order(ByteOrder.LITTLE_ENDIAN);
    while (buffer.hasRemaining()) {
      if (file.read(buffer, offset + buffer.position()) < 0) {
        throw new IOException("ELF file ends early");
      }
    }
    return buffer.flip();
  }

  /** A section header's fields this reader needs. */
  private record Section(int type, int link, long offset, long size) {
    static Section read(ByteBuffer header, boolean wide) {
      return wide
          ? new Section(header.getInt(4), header.getInt(40), header.getLong(24), header.getLong(32))
          : new Section(
              header.getInt(4),
              header.getInt(24),
              Integer.toUnsignedLong(header.getInt(16)),
              Integer.toUnsignedLong(header.getInt(20)));
    }
  }
}
