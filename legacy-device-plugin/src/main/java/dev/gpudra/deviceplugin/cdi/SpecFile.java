package dev.gpudra.deviceplugin.cdi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.files.DurableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Writes one of the plugin's specs, {@code <cdiRoot>/k8s.device-plugin.nvidia.com-<class>.json}
 * (JSON, mode 0644, replaced atomically): the file names and format NVIDIA's plugin uses, so a node
 * moving from NVIDIA's plugin to ours keeps one spec per kind, not two that clash.
 *
 * @param cdiRoot where the container runtime reads specs ({@code /var/run/cdi})
 * @param specClass {@code gpu} or {@code imex-channel}
 */
public record SpecFile(Path cdiRoot, String specClass) {

  private static final ObjectMapper JSON = JsonMapper.builder().build();

  public SpecFile {
    Objects.requireNonNull(cdiRoot, "cdiRoot");
    Objects.requireNonNull(specClass, "specClass");
  }

  /** The GPU spec's file. */
  public static SpecFile gpus(Path cdiRoot) {
    return new SpecFile(cdiRoot, PluginCdiNames.GPU_CLASS);
  }

  /** The IMEX channel spec's file. */
  public static SpecFile imexChannels(Path cdiRoot) {
    return new SpecFile(cdiRoot, PluginCdiNames.IMEX_CLASS);
  }

  /** The spec's file. */
  public Path path() {
    return cdiRoot.resolve(PluginCdiNames.VENDOR + "-" + specClass + ".json");
  }

  /**
   * The spec of this class: {@code common} at spec level, one device per entry of {@code devices}.
   *
   * @param devices each device's name (its ID for the runtime) and own edits
   */
  public CdiSpec spec(ContainerEdits common, List<CdiDevice> devices) {
    return CdiSpec.of(PluginCdiNames.VENDOR + "/" + specClass, common, devices);
  }

  /**
   * Writes the spec.
   *
   * @throws CdiException when the directory or the file cannot be written
   */
  public Path write(CdiSpec spec) {
    Path file = path();
    try {
      Files.createDirectories(cdiRoot);
      DurableFile.replace(file, render(spec), DurableFile.WORLD_READABLE);
    } catch (IOException e) {
      throw new CdiException("cannot write CDI spec " + file + ": " + e.getMessage(), e);
    }
    return file;
  }

  private static byte[] render(CdiSpec spec) {
    try {
      return JSON.writeValueAsBytes(spec);
    } catch (JsonProcessingException e) {
      throw new CdiException("cannot render CDI spec " + spec.kind(), e);
    }
  }
}
