package dev.gpudra.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What built this gpu-dra: the version stamped into the jar's manifest and the commit the build
 * wrote into {@code build.properties} (with whether its tree had changes).
 *
 * @param version the project version, or {@code development build} outside a jar
 * @param commit the abbreviated commit, or {@code unknown} for a build without {@code .git}
 * @param modified whether the build's working tree had uncommitted changes
 */
record BuildInfo(String version, String commit, boolean modified) {
  private static final String RESOURCE = "build.properties";

  /** This build's. */
  static BuildInfo current() {
    String version = GpuDra.class.getPackage().getImplementationVersion();
    Properties properties = new Properties();
    try (InputStream in = GpuDra.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
    return new BuildInfo(
        version == null ? "development build" : version,
        properties.getProperty("git.commit.id.abbrev", "unknown"),
        Boolean.parseBoolean(properties.getProperty("git.dirty", "false")));
  }

  /** {@code gpu-dra 0.1.0 (commit 0123456789ab, modified)}. */
  String line() {
    return "gpu-dra " + version + " (commit " + commit + (modified ? ", modified" : "") + ")";
  }
}
