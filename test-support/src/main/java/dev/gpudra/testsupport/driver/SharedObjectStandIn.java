package dev.gpudra.testsupport.driver;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A stand-in for a driver library (test and demo driver roots only): a minimal little-endian ELF64
 * shared object, a header, a string table and a dynamic section with the given SONAMEs (none: no
 * dynamic section at all), so that the plugin reads the SONAME a real library declares.
 */
public final class SharedObjectStandIn {
  private static final int HEADER = 64;
  private static final int SECTION = 64;

  private SharedObjectStandIn() {}

  /**
   * Writes it to {@code file}, creating its directory.
   *
   * @return the file
   */
  public static Path write(Path file, List<String> sonames) throws IOException {
    StringBuilder strings = new StringBuilder("\0");
    ByteBuffer dynamic =
        ByteBuffer.allocate(16 * (sonames.size() + 1)).order(ByteOrder.LITTLE_ENDIAN);
    for (String soname : sonames) {
      dynamic.putLong(14).putLong(strings.length());
      strings.append(soname).append('\0');
    }
    dynamic.putLong(0).putLong(0);
    byte[] table = strings.toString().getBytes(StandardCharsets.UTF_8);
    int sections = sonames.isEmpty() ? 1 : 3;
    long tableAt = HEADER;
    long dynamicAt = tableAt + table.length;
    long sectionsAt = dynamicAt + dynamic.capacity();
    ByteBuffer out =
        ByteBuffer.allocate((int) sectionsAt + sections * SECTION).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(0x464c457f).put((byte) 2).put((byte) 1).put((byte) 1);
    out.position(16);
    out.putShort((short) 3).putShort((short) 62).putInt(1);
    out.position(40);
    out.putLong(sectionsAt);
    out.position(52);
    out.putShort((short) HEADER).putShort((short) 0).putShort((short) 0);
    out.putShort((short) SECTION).putShort((short) sections).putShort((short) 0);
    out.position((int) tableAt);
    out.put(table).put(dynamic.array());
    out.position((int) sectionsAt + SECTION);
    if (!sonames.isEmpty()) {
      section(out, 3, 0, tableAt, table.length);
      section(out, 6, 1, dynamicAt, dynamic.capacity());
    }
    Files.createDirectories(file.getParent());
    return Files.write(file, out.array());
  }

  private static void section(ByteBuffer out, int type, int link, long offset, long size) {
    int at = out.position();
    out.putInt(at, 0).putInt(at + 4, type).putLong(at + 24, offset).putLong(at + 32, size);
    out.putInt(at + 40, link);
    out.position(at + SECTION);
  }
}
