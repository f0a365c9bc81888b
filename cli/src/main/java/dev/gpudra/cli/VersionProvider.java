package dev.gpudra.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the version stamped into the jar manifest by the build. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = GpuDra.class.getPackage().getImplementationVersion();
    return new String[] {"gpu-dra " + (version == null ? "development build" : version)};
  }
}
