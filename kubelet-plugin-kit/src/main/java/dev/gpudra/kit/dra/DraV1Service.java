package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.proto.dra.v1.Claim;
import dev.gpudra.kit.proto.dra.v1.DRAPluginGrpc;
import dev.gpudra.kit.proto.dra.v1.Device;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourceResponse;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesResponse;
import dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourceResponse;
import dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourcesResponse;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Objects;

/** {@code k8s.io.kubelet.pkg.apis.dra.v1.DRAPlugin}, delegating to the shared handler. */
public final class DraV1Service extends DRAPluginGrpc.DRAPluginImplBase {
  private final DraHandler handler;

  public DraV1Service(DraHandler handler) {
    this.handler = Objects.requireNonNull(handler, "handler");
  }

  @Override
  public void nodePrepareResources(
      NodePrepareResourcesRequest request, StreamObserver<NodePrepareResourcesResponse> response) {
    GrpcEdge.answer("v1 NodePrepareResources", response, () -> prepare(request));
  }

  /** The v1 answer; v1beta1 calls reuse it, since both APIs share their field numbers. */
  NodePrepareResourcesResponse prepare(NodePrepareResourcesRequest request) {
    var out = NodePrepareResourcesResponse.newBuilder();
    handler
        .prepare(refs(request.getClaimsList()))
        .forEach((uid, r) -> out.putClaims(uid, toProto(r)));
    return out.build();
  }

  @Override
  public void nodeUnprepareResources(
      NodeUnprepareResourcesRequest request,
      StreamObserver<NodeUnprepareResourcesResponse> response) {
    GrpcEdge.answer("v1 NodeUnprepareResources", response, () -> unprepare(request));
  }

  /** The v1 answer; v1beta1 calls reuse it. */
  NodeUnprepareResourcesResponse unprepare(NodeUnprepareResourcesRequest request) {
    var out = NodeUnprepareResourcesResponse.newBuilder();
    handler
        .unprepare(refs(request.getClaimsList()))
        .forEach((uid, r) ->
            out.putClaims(
                uid, NodeUnprepareResourceResponse.newBuilder().setError(r.error()).build()));
    return out.build();
  }

  private static List<ClaimRef> refs(List<Claim> claims) {
    return claims.stream()
        .map(c -> new ClaimRef(c.getNamespace(), c.getName(), c.getUid()))
        .toList();
  }

  private static NodePrepareResourceResponse toProto(PrepareResult result) {
    var out = NodePrepareResourceResponse.newBuilder().setError(result.error());
    result.devices().forEach(d -> out.addDevices(toProto(d)));
    return out.build();
  }

  private static Device toProto(PreparedDevice device) {
    var out =
        Device.newBuilder()
            .addAllRequestNames(RequestNames.base(device.requestNames()))
            .setPoolName(device.poolName())
            .setDeviceName(device.deviceName())
            .addAllCdiDeviceIds(device.cdiDeviceIds());
    device.shareId().ifPresent(out::setShareId);
    return out.build();
  }
}
