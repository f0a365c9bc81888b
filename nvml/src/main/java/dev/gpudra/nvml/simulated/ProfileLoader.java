package dev.gpudra.nvml.simulated;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds and validates GPU profiles: a built-in name ({@code dgx-a100}) loads the resource {@code
 * dev/gpudra/nvml/profiles/<name>.yaml}; anything else is read as a file path.
 */
public final class ProfileLoader {
  /**
   * Profiles are a few KiB; a larger file is a mistake, not a node (and must not fill the heap).
   */
  static final long MAX_FILE_BYTES = 1024 * 1024;

  private static final List<String> BUILT_IN =
      List.of(
          "b200", "dgx-a100", "dgx-a100-mig", "dgx-h100", "gb200-nvl", "hgx-h200", "l40s", "t4");
  private static final String RESOURCE_DIR = "/dev/gpudra/nvml/profiles/";

  private final YamlDocuments documents = new YamlDocuments();
  private final ProfileParser parser = new ProfileParser(new ModelCatalog(documents));

  /** The names {@link #load} accepts without a file, sorted. */
  public List<String> builtInNames() {
    return BUILT_IN;
  }

  /**
   * Loads a built-in profile by name, or else a profile file.
   *
   * @throws ProfileNotFoundException when it is neither
   * @throws InvalidProfileException when the profile is malformed
   */
  public GpuProfile load(String nameOrPath) {
    if (BUILT_IN.contains(nameOrPath)) {
      String resource = RESOURCE_DIR + nameOrPath + ".yaml";
      return parser.parse(nameOrPath, nameOrPath, documents.resource(resource, nameOrPath));
    }
    Path file = Path.of(nameOrPath);
    if (!Files.isRegularFile(file)) {
      throw new ProfileNotFoundException(
          "unknown GPU profile '"
              + nameOrPath
              + "': not a built-in profile ("
              + String.join(", ", BUILT_IN)
              + ") and no such file");
    }
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new InvalidProfileException(
            nameOrPath,
            "",
            "the file has " + size + " bytes; a GPU profile has at most " + MAX_FILE_BYTES);
      }
      return parse(profileName(file), nameOrPath, Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read GPU profile " + file, e);
    }
  }

  /**
   * Parses profile text.
   *
   * @param name the profile's name, which seeds the simulated UUIDs
   * @param source what error messages call the document, e.g. its path
   */
  public GpuProfile parse(String name, String source, String yaml) {
    return parser.parse(name, source, documents.parse(source, yaml));
  }

  private static String profileName(Path file) {
    String fileName = file.getFileName().toString();
    return fileName.replaceFirst("\\.ya?ml$", "");
  }
}
