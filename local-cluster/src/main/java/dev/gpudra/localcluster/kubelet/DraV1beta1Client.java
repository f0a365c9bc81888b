package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.proto.dra.v1beta1.Claim;
import dev.gpudra.kit.proto.dra.v1beta1.DRAPluginGrpc;
import dev.gpudra.kit.proto.dra.v1beta1.Device;
import dev.gpudra.kit.proto.dra.v1beta1.NodePrepareResourceResponse;
import dev.gpudra.kit.proto.dra.v1beta1.NodePrepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1beta1.NodeUnprepareResourcesRequest;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Calls {@code k8s.io.kubelet.pkg.apis.dra.v1beta1.DRAPlugin}. */
final class DraV1beta1Client implements DraClient {
  private final ManagedChannel channel;

  DraV1beta1Client(ManagedChannel channel) {
    this.channel = channel;
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ClaimRef> claims) {
    var request = NodePrepareResourcesRequest.newBuilder().addAllClaims(protos(claims)).build();
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    try {
      stub()
          .nodePrepareResources(request)
          .getClaimsMap()
          .forEach((uid, r) -> results.put(uid, result(r)));
    } catch (StatusRuntimeException e) {
      throw new DraCallException("v1beta1 NodePrepareResources failed: " + e.getStatus(), e);
    }
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    var request = NodeUnprepareResourcesRequest.newBuilder().addAllClaims(protos(claims)).build();
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    try {
      stub()
          .nodeUnprepareResources(request)
          .getClaimsMap()
          .forEach((uid, r) -> results.put(uid, new UnprepareResult(r.getError())));
    } catch (StatusRuntimeException e) {
      throw new DraCallException("v1beta1 NodeUnprepareResources failed: " + e.getStatus(), e);
    }
    return results;
  }

  private DRAPluginGrpc.DRAPluginBlockingStub stub() {
    return DRAPluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
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
        response.getDevicesList().stream().map(DraV1beta1Client::device).toList());
  }

  private static PreparedDevice device(Device d) {
    return new PreparedDevice(
        d.getRequestNamesList(),
        d.getPoolName(),
        d.getDeviceName(),
        d.getCdiDeviceIdsList(),
        Optional.empty());
  }
}
