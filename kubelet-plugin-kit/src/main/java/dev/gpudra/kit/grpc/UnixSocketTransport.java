package dev.gpudra.kit.grpc;

import io.grpc.ManagedChannel;
import io.grpc.ServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * gRPC over Unix domain sockets with the epoll transport of grpc-netty-shaded. One event loop group
 * serves every server and channel made here; close it after them.
 */
public final class UnixSocketTransport
    implements SocketServerFactory, SocketChannelFactory, AutoCloseable {

  /**
   * The largest request a plugin reads: a kubelet call names the claims of one pod (a few hundred
   * bytes each), so 1 MiB is thousands of claims, and a larger message is refused before it is
   * decoded instead of filling the heap.
   */
  public static final int MAX_REQUEST_BYTES = 1024 * 1024;

  private final EventLoopGroup group;

  public UnixSocketTransport(int threads) {
    this.group = new MultiThreadIoEventLoopGroup(threads, EpollIoHandler.newFactory());
  }

  @Override
  public ServerBuilder<?> serverFor(Path socket) {
    // SO_KEEPALIVE means nothing on a Unix socket; Netty would warn on every connection.
    return NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toFile()))
        .channelType(EpollServerDomainSocketChannel.class)
        .bossEventLoopGroup(group)
        .workerEventLoopGroup(group)
        .maxInboundMessageSize(MAX_REQUEST_BYTES)
        .maxInboundMetadataSize(16 * 1024)
        .withChildOption(ChannelOption.SO_KEEPALIVE, null);
  }

  @Override
  public ManagedChannel channelFor(Path socket) {
    return NettyChannelBuilder.forAddress(new DomainSocketAddress(socket.toFile()))
        .channelType(EpollDomainSocketChannel.class)
        .eventLoopGroup(group)
        .withOption(ChannelOption.SO_KEEPALIVE, null)
        .usePlaintext()
        .build();
  }

  @Override
  public void close() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
