package dev.gpudra.operator.render.nvidia.asset;

import java.util.List;

/**
 * A state's {@code PROVENANCE.yaml}: where its files come from and, in apply order, which file
 * corresponds to which of NVIDIA's assets and what we changed on purpose.
 *
 * @param state the state's directory name ({@code state-node-status-exporter})
 * @param upstream the project and version tracked
 * @param files the state's files in apply order
 * @param omitted NVIDIA's assets of the state that gpu-dra does not render, and why
 */
public record Provenance(
    String state, Upstream upstream, List<AssetFile> files, List<Omitted> omitted) {
  public Provenance {
    files = files == null ? List.of() : List.copyOf(files);
    omitted = omitted == null ? List.of() : List.copyOf(omitted);
  }

  /**
   * @param repository the upstream repository's address
   * @param version the release tracked ({@code v26.7.0})
   * @param commit the commit of that release's tree the files were compared with
   * @param license the upstream license ({@code Apache-2.0})
   */
  public record Upstream(String repository, String version, String commit, String license) {}

  /**
   * @param file the file's name in the state's directory ({@code 0700_daemonset.yaml})
   * @param upstream the path of NVIDIA's asset it corresponds to
   * @param changes what differs from NVIDIA's asset on purpose; empty when nothing does
   */
  public record AssetFile(String file, String upstream, List<String> changes) {
    public AssetFile {
      changes = changes == null ? List.of() : List.copyOf(changes);
    }
  }

  /**
   * @param upstream the path of NVIDIA's asset
   * @param why why gpu-dra does not render it
   */
  public record Omitted(String upstream, String why) {}
}
