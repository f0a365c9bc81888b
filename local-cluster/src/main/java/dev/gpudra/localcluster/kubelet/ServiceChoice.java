package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.registration.DraService;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Picks the DRA service to call, as kubelet 1.34/1.35 does: walk the plugin's list in its order and
 * take the first entry the kubelet supports.
 */
public final class ServiceChoice {
  private ServiceChoice() {}

  /**
   * @throws RegistrationRejectedException if the list is empty or nothing in it is supported
   */
  public static DraService choose(List<String> pluginServices, Set<DraService> kubeletServices) {
    if (pluginServices.isEmpty()) {
      throw new RegistrationRejectedException(
          "empty list of supported gRPC services (aka supported versions)");
    }
    for (String id : pluginServices) {
      Optional<DraService> service = DraService.fromId(id);
      if (service.isPresent() && kubeletServices.contains(service.get())) {
        return service.get();
      }
    }
    throw new RegistrationRejectedException(
        "none of services supported by the plugin "
            + pluginServices
            + " are supported by the kubelet "
            + kubeletServices.stream().map(DraService::id).sorted().toList());
  }
}
