package dev.gpudra.deviceplugin.mps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.deviceplugin.config.ReplicatedResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.Optional;

/**
 * {@code <root>/.ready}: written by the daemon once every daemon of its config runs, with that
 * config's {@code sharing.mps} as JSON; the plugin serves only when it holds the plugin's own (the
 * two follow the same node label, and one may lag the other).
 */
public final class ReadyFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final MpsRoot root;

  public ReadyFile(MpsRoot root) {
    this.root = root;
  }

  public void write(ReplicatedResources mps) {
    try {
      Files.writeString(root.readyFile(), JSON.writeValueAsString(mps) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + root.readyFile(), e);
    }
  }

  public void remove() {
    try {
      Files.deleteIfExists(root.readyFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + root.readyFile(), e);
    }
  }

  /**
   * Why the file does not say that daemons for {@code mps} run; empty when it does.
   *
   * @param mps the plugin's {@code sharing.mps}
   */
  public Optional<String> mismatch(ReplicatedResources mps) {
    String text;
    try {
      text = Files.readString(root.readyFile());
    } catch (NoSuchFileException e) {
      return Optional.of("no " + root.readyFile() + " yet: the MPS control daemon has not started");
    } catch (IOException e) {
      return Optional.of("cannot read " + root.readyFile() + ": " + e.getMessage());
    }
    try {
      JsonNode written = JSON.readTree(text);
      return written.equals(JSON.valueToTree(mps))
          ? Optional.empty()
          : Optional.of(
              root.readyFile()
                  + " holds another sharing.mps ("
                  + written
                  + "): the daemon runs another config");
    } catch (JsonProcessingException e) {
      return Optional.of(root.readyFile() + " is not JSON: " + e.getOriginalMessage());
    }
  }
}
