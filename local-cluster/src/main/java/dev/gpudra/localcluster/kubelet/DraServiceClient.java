package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.proto.dra.v1.Claim;
import dev.gpudra.kit.proto.dra.v1.Device;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourceResponse;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourcesRequest;
import io.grpc.StatusRuntimeException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Calls the DRA node service in whichever version the plugin registered: requests and answers are
 * handled as v1 messages, the transport speaks the chosen version on the wire.
 */
final class DraServiceClient implements DraClient {
  private final DraTransport transport;

  DraServiceClient(DraTransport transport) {
    this.transport = transport;
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ClaimRef> claims) {
    var request = NodePrepareResourcesRequest.newBuilder().addAllClaims(protos(claims)).build();
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    try {
      transport.prepare(request).getClaimsMap().forEach((uid, r) -> results.put(uid, result(r)));
    } catch (StatusRuntimeException e) {
      throw new DraCallException(
          transport.version() + " NodePrepareResources failed: " + e.getStatus(), e);
    }
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    var request = NodeUnprepareResourcesRequest.newBuilder().addAllClaims(protos(claims)).build();
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    try {
      transport
          .unprepare(request)
          .getClaimsMap()
          .forEach((uid, r) -> results.put(uid, new UnprepareResult(r.getError())));
    } catch (StatusRuntimeException e) {
      throw new DraCallException(
          transport.version() + " NodeUnprepareResources failed: " + e.getStatus(), e);
    }
    return results;
  }

  private static List<Claim> protos(List<ClaimRef> claims) {
    return claims.stream()
        .map(c ->
            Claim.newBuilder()
                .setNamespace(c.namespace())
                .setName(c.name())
                .setUid(c.uid())
                .build())
        .toList();
  }

  private static PrepareResult result(NodePrepareResourceResponse response) {
    if (!response.getError().isEmpty()) {
      return PrepareResult.failed(response.getError());
    }
    return PrepareResult.of(
        response.getDevicesList().stream().map(DraServiceClient::device).toList());
  }

  private static PreparedDevice device(Device d) {
    return new PreparedDevice(
        d.getRequestNamesList(),
        d.getPoolName(),
        d.getDeviceName(),
        d.getCdiDeviceIdsList(),
        d.hasShareId() ? Optional.of(d.getShareId()) : Optional.empty());
  }
}
