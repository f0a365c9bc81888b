package dev.gpudra.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version and commit this build was made from. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {BuildInfo.current().line()};
  }
}
