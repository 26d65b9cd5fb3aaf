// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @notice The code an account delegates to with EIP-7702 so that its batches can be sponsored.
/// It runs at the account's own address and executes a batch of calls only when the account
/// signed it (EIP-712 `BatchExecution`, with the account's gas station nonce and a deadline),
/// and only when the sandbox's gas station (whose caller, the sponsor, pays the gas) or the
/// account itself brings it: a signed batch cannot be replayed, reordered or run by anyone else.
contract SandboxGasDelegate is EIP712 {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    bytes32 private constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 private constant BATCH_EXECUTION_TYPEHASH = keccak256(
        "BatchExecution(uint128 nonce,uint256 deadline,Call[] calls)Call(address to,uint256 value,bytes data)"
    );
    uint256 public constant MAX_BATCH_SIZE = 50;

    /// @dev ERC-7201 slot of the nonce, keccak256(abi.encode(uint256(keccak256("sandbox.gasDelegate.nonce")) - 1))
    /// & ~bytes32(uint256(0xff)): the account keeps its storage when it changes delegate, so the
    /// nonce must not sit where another delegate's variables would.
    bytes32 private constant NONCE_SLOT = 0x888fa6c66bffa3e3fa42e75a2922262b3bad0e95823db1e6a6932e1667423200;

    /// @notice The gas station whose calls the delegate accepts.
    address public immutable station;

    error NotStation(address caller);
    error BatchSizeExceeded(uint256 size);
    error DeadlineExceeded(uint256 deadline);
    error InvalidNonce(uint128 expected, uint128 given);
    error InvalidSignature();

    event BatchExecuted(uint128 nonce, uint256 calls);

    constructor(address station_) EIP712("SandboxGasDelegate", "1") {
        station = station_;
    }

    /// @notice The nonce the account's next batch must carry.
    function nonce() public view returns (uint128 value) {
        bytes32 slot = NONCE_SLOT;
        assembly {
            value := sload(slot)
        }
    }

    /// @notice Runs `calls` in order; any failing call reverts the whole batch with its own revert data.
    function executeBatch(Call[] calldata calls, uint128 batchNonce, uint256 deadline, bytes calldata signature)
        external
        payable
    {
        if (msg.sender != station && msg.sender != address(this)) revert NotStation(msg.sender);
        if (calls.length == 0 || calls.length > MAX_BATCH_SIZE) revert BatchSizeExceeded(calls.length);
        if (deadline != 0 && block.timestamp > deadline) revert DeadlineExceeded(deadline);
        uint128 expected = nonce();
        if (batchNonce != expected) revert InvalidNonce(expected, batchNonce);
        if (ECDSA.recover(_hashTypedDataV4(batchHash(calls, batchNonce, deadline)), signature) != address(this)) {
            revert InvalidSignature();
        }
        bytes32 slot = NONCE_SLOT;
        assembly {
            sstore(slot, add(expected, 1))
        }
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory result) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
        }
        emit BatchExecuted(expected, calls.length);
    }

    function batchHash(Call[] calldata calls, uint128 batchNonce, uint256 deadline) private pure returns (bytes32) {
        bytes32[] memory callHashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            callHashes[i] =
                keccak256(abi.encode(CALL_TYPEHASH, calls[i].to, calls[i].value, keccak256(calls[i].data)));
        }
        return keccak256(
            abi.encode(BATCH_EXECUTION_TYPEHASH, batchNonce, deadline, keccak256(abi.encodePacked(callHashes)))
        );
    }

    /// @notice Plain ETH still reaches the account.
    receive() external payable {}
}
