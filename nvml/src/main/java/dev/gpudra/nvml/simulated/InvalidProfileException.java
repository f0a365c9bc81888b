package dev.gpudra.nvml.simulated;

/**
 * A GPU profile is malformed. The message names the profile source and the field path, e.g. {@code
 * profile my.yaml: gpus[1].migDevices[2].placement: 3 is not a valid placement for 3g.20gb (valid:
 * 0, 4)}. Permanent: the file has to be fixed.
 */
public class InvalidProfileException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String source;
  private final String fieldPath;

  public InvalidProfileException(String source, String fieldPath, String problem) {
    super("profile " + source + ": " + (fieldPath.isEmpty() ? "" : fieldPath + ": ") + problem);
    this.source = source;
    this.fieldPath = fieldPath;
  }

  /** The file path or built-in name the profile was read from. */
  public String source() {
    return source;
  }

  /** Where in the document the problem is, e.g. {@code gpus[1].memoryMiB}; empty for the root. */
  public String fieldPath() {
    return fieldPath;
  }
}
